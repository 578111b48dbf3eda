import { endpoints } from '@picbook/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createTokenQueries } from '../../platform/auth/token.queries';
import { hashToken } from '../../platform/auth/tokens';
import { defineRoute } from '../../platform/http/define-route';
import { deviceIdOf } from '../../platform/http/device-id';
import { loadPrivateConfig } from '../configs';
import { createUserQueries } from '../user';
import { deleteAccount } from './delete-account';
import { guestLogin } from './guest-login';
import { passwordLogin, registerWithPassword } from './password-login';
import { phoneLogin } from './phone-login';
import { sendSmsCode } from './sms-codes';
import { bindPhoneLogin, bindThirdParty, thirdPartyLogin } from './third-party';

function tokenOf(request: FastifyRequest): string {
  const header = request.headers.access_token;
  return (Array.isArray(header) ? header[0] : header) ?? '';
}

export function registerAuthRoutes(app: FastifyInstance): void {
  defineRoute(app, endpoints.loginOptions, async ({ deps }) => {
    const signup = await loadPrivateConfig(deps.db, 'signup');
    const isDev = deps.config.oauth.provider === 'dev';
    const wxWebAppId = deps.config.oauth.wxWeb?.appId ?? '';
    return {
      invite_required: signup.invite_required === 1,
      wx_web_qr_url: isDev
        ? '/dev/oauth/consent?type=wx_web&mode=qr&state={state}'
        : `https://open.weixin.qq.com/connect/qrconnect?appid=${encodeURIComponent(wxWebAppId)}&redirect_uri={redirect}&response_type=code&scope=snsapi_login&state={state}#wechat_redirect`,
      relay_origin: '',
      dev_oauth: isDev,
      legal: {
        user_agreement: '/legal/user-agreement.html',
        privacy_policy: '/legal/privacy-policy.html',
        children_privacy: '/legal/children-privacy.html',
      },
    };
  });

  defineRoute(app, endpoints.guestLogin, ({ deps, body }) => guestLogin(deps, body.device_id));

  defineRoute(app, endpoints.sms, async ({ deps, query, request, userId }) => {
    // Codes for actions on an existing account only go to that account's own phone.
    let ownerPhone: { nationCode: string; mobile: string } | null | undefined;
    if (query.action === 'cancel' || query.action === 'bind') {
      const user = userId === null ? null : await createUserQueries(deps.db).findById(userId);
      ownerPhone =
        user?.phoneMobile && user.phoneNationCode
          ? { nationCode: user.phoneNationCode, mobile: user.phoneMobile }
          : query.action === 'bind'
            ? undefined
            : null;
    }
    return sendSmsCode(deps, {
      nationCode: query.nation_code,
      mobile: query.mobile,
      action: query.action,
      ip: request.ip,
      deviceId: deviceIdOf(request),
      ...(ownerPhone !== undefined ? { ownerPhone } : {}),
    });
  });

  defineRoute(app, endpoints.login, async ({ deps, body, request, userId }) => {
    const deviceId = deviceIdOf(request);
    switch (body.type) {
      case 'phone':
        return phoneLogin(deps, {
          nationCode: body.nation_code,
          mobile: body.mobile,
          pin: body.pin,
          inviteCode: body.inv_code || undefined,
          callerId: userId,
          deviceId,
        });
      case 'bind_phone': {
        return bindPhoneLogin(deps, {
          authCode: body.auth_code,
          nationCode: body.nation_code,
          mobile: body.mobile,
          pin: body.pin,
          inviteCode: body.inv_code || undefined,
          callerId: userId,
          deviceId,
        });
      }
      default:
        return thirdPartyLogin(deps, { type: body.type, authCode: body.auth_code, deviceId });
    }
  });

  defineRoute(app, endpoints.passwordLogin, ({ deps, body, request, userId }) =>
    passwordLogin(deps, {
      ...body,
      ip: request.ip,
      callerId: userId,
      deviceId: deviceIdOf(request),
    }),
  );

  defineRoute(app, endpoints.register, ({ deps, body, request, userId }) =>
    registerWithPassword(deps, {
      ...body,
      ip: request.ip,
      callerId: userId,
      deviceId: deviceIdOf(request),
    }),
  );

  defineRoute(app, endpoints.bindThirdParty, ({ deps, body, userId }) =>
    bindThirdParty(deps, {
      userId,
      type: body.type,
      authCode: body.auth_code,
      confirm: body.confirm === 1,
    }),
  );

  defineRoute(app, endpoints.cancelAccount, ({ deps, userId, body }) =>
    deleteAccount(deps, {
      userId,
      nationCode: body.nation_code,
      phone: body.phone,
      pin: body.pin,
      password: body.password,
    }),
  );

  defineRoute(app, endpoints.logout, async ({ deps, request }) => ({
    logged_out: await createTokenQueries(deps.db).revokeToken(
      hashToken(tokenOf(request)),
      deps.clock.now(),
    ),
  }));
}

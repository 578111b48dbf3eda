import { endpoints } from '@picbook/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { defineRoute } from '../../platform/http/define-route';
import { registerCardCredit } from '../gift-cards';
import {
  bringsNew,
  creditInvitations,
  ensureInviteCode,
  genQrcode,
  inviteRanks,
  listInvitees,
} from './invitations';
import { claimLifelong, lifelongLink, lifelongStatus } from './lifelong';

/** The public origin (PUBLIC_URL), else the one the family reached us at. */
const originOf = (deps: AppDeps, request: FastifyRequest) =>
  deps.config.payments.publicUrl ?? `${request.protocol}://${request.host}`;

/** Lifelong-VIP promotions and invitations (learning-content §7; decisions 052, 053). */
export function registerPromotionRoutes(app: FastifyInstance): void {
  // Reward cards of families a parent brought appear among the parent's gift cards.
  registerCardCredit('invitations', (deps, userId) => creditInvitations(deps, userId));

  defineRoute(app, endpoints.lifelongStatus, ({ deps, userId, query }) =>
    lifelongStatus(deps, userId, query.promo),
  );
  defineRoute(app, endpoints.lifelongTransform, ({ deps, userId, body }) =>
    claimLifelong(deps, {
      userId,
      promo: body.promo,
      nationCode: body.nation_code,
      phone: body.phone,
      pin: body.pin,
      missionType: body.mission_type,
    }),
  );
  defineRoute(app, endpoints.lifelongLink, ({ deps, userId, params }) =>
    lifelongLink(deps, userId, params.token),
  );
  defineRoute(app, endpoints.lifelongLinkClaim, async ({ deps, userId, params, body }) => {
    const link = await lifelongLink(deps, userId, params.token);
    return claimLifelong(deps, {
      userId,
      promo: link.offer?.promo ?? '',
      nationCode: body.nation_code,
      phone: body.phone,
      pin: body.pin,
      token: params.token,
    });
  });
  defineRoute(app, endpoints.bringsNew, ({ deps, userId, query, request }) =>
    bringsNew(deps, userId, query.promotion, originOf(deps, request)),
  );
  defineRoute(app, endpoints.genQrcode, ({ deps, userId, query, request }) =>
    genQrcode(deps, userId, query.promo, originOf(deps, request)),
  );

  // The family's invite code and the friends it brought (the points page's invitation tab).
  defineRoute(app, endpoints.userCode, async ({ deps, userId }) => ({
    code: await ensureInviteCode(deps, userId),
  }));
  defineRoute(app, endpoints.invitees, ({ deps, userId, request }) =>
    listInvitees(deps, request.log, userId),
  );
  defineRoute(app, endpoints.inviteRanks, ({ deps, userId, query, request }) =>
    inviteRanks(deps, request.log, userId, query.rank_len),
  );
}

import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@picbook/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { isLoopback } from '../../platform/http/loopback';
import { issueDevOauthCode } from '../../platform/oauth/dev';
import { THIRD_PARTY_TYPES, type ThirdPartyType } from '../../platform/oauth/types';
import { SandboxRefusal } from '../../platform/payments/sandbox';
import { listDevOutbox } from '../../platform/sms/dev-outbox';
import { cashierPage, cashierResultPage } from './cashier-pages';
import { consentPage, consentResultPage, relayPage } from './dev-pages';

const ZConsentQuery = z.object({
  type: z.enum(THIRD_PARTY_TYPES),
  mode: z.enum(['qr', 'popup', 'bridge']).default('popup'),
  state: z.string().max(128).default(''),
});
const ZConsentForm = ZConsentQuery.extend({
  account: z.string().regex(/^[a-z0-9-]{1,40}$/),
  nickname: z.string().max(32).default('模拟用户'),
});

/** Pages with one inline script, allowed by a per-response nonce. */
function sendPage(reply: FastifyReply, html: (nonce: string) => string) {
  const nonce = randomBytes(16).toString('base64');
  return reply
    .header(
      'content-security-policy',
      `default-src 'self'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'`,
    )
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html(nonce));
}

/**
 * The OAuth relay: a provider redirects here with ?code&state after the user agreed; the page
 * hands the code to the login screen (its parent frame or opener) by postMessage. Real, not dev.
 */
export function registerOauthRelay(app: FastifyInstance): void {
  app.get('/oauth/relay', { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as { code?: string; state?: string; type?: string };
    const type = THIRD_PARTY_TYPES.find((t) => t === query.type) ?? 'wx_web';
    return sendPage(reply, (nonce) =>
      relayPage(nonce, { type, code: String(query.code ?? ''), state: String(query.state ?? '') }),
    );
  });
}

/**
 * Development adapters that stand in for the outside world: the SMS outbox and a consent page
 * that behaves like a provider's (issues single-use codes for simulated accounts). Refused in
 * production unless ALLOW_DEV_ADAPTERS=1 (they are simply not registered), and answering only
 * this machine unless DEV_ADAPTERS_OPEN=1: the outbox shows every login code, and `npm start`
 * listens on every interface.
 */
export function registerDevRoutes(app: FastifyInstance): void {
  if (!app.deps.config.allowDevAdapters) return;
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/dev/') || app.deps.config.devAdaptersOpen) return;
    if (!isLoopback(request.ip)) throw new AppError(ErrorCode.RouteNotFound);
  });
  // The consent page posts a plain HTML form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.get('/dev/sms-outbox', { schema: { hide: true } }, async () => ({
    code: 0,
    msg: 'ok',
    data: await listDevOutbox(app.deps.db),
  }));

  app.get('/dev/oauth/consent', { schema: { hide: true } }, async (request, reply) => {
    const query = ZConsentQuery.parse(request.query);
    return sendPage(reply, () => consentPage(query));
  });

  app.post('/dev/oauth/consent', { schema: { hide: true } }, async (request, reply) => {
    const form = ZConsentForm.parse(request.body);
    const code = await issueDevOauthCode(app.deps.db, form.type as ThirdPartyType, {
      uid: `${form.type.split('_')[0]}-${form.account}`,
      nickname: form.nickname,
    });
    return sendPage(reply, (nonce) => consentResultPage(nonce, { ...form, code }));
  });

  registerCashier(app);
}

const ZCashierParams = z.object({ prepayId: z.string().regex(/^wx[0-9a-f]{32}$/) });
const ZCashierAction = ZCashierParams.extend({ verb: z.enum(['pay', 'fail', 'cancel']) });

/** The payment sandbox's cashier page (a local WeChat Pay, decision 035). */
function registerCashier(app: FastifyInstance): void {
  const sandbox = app.deps.payments.sandbox;
  if (!sandbox) return;

  app.get('/dev/cashier/:prepayId', { schema: { hide: true } }, async (request, reply) => {
    const { prepayId } = ZCashierParams.parse(request.params);
    const session = sandbox.session(prepayId);
    if (!session) return reply.code(404).type('text/plain').send('no such payment');
    return sendPage(reply, () => cashierPage(session, app.deps.clock.now()));
  });

  app.post('/dev/cashier/:prepayId/:verb', { schema: { hide: true } }, async (request, reply) => {
    const { prepayId, verb } = ZCashierAction.parse(request.params);
    const session = sandbox.session(prepayId);
    if (!session) return reply.code(404).type('text/plain').send('no such payment');
    if (verb === 'fail') {
      const failed = sandbox.fail(prepayId);
      return sendPage(reply, (nonce) => cashierResultPage(nonce, failed, 'failed'));
    }
    if (verb === 'cancel') {
      const cancelled = sandbox.cancel(prepayId);
      return sendPage(reply, (nonce) => cashierResultPage(nonce, cancelled, 'cancelled'));
    }
    try {
      const paid = await sandbox.pay(prepayId);
      if (!paid.delivered) request.log.warn({ prepayId }, 'sandbox notification not accepted');
      return sendPage(reply, (nonce) => cashierResultPage(nonce, paid.session, 'paid'));
    } catch (error) {
      if (!(error instanceof SandboxRefusal)) throw error;
      return sendPage(reply, (nonce) =>
        cashierResultPage(nonce, session, 'refused', error.message),
      );
    }
  });
}

import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerActivityRoutes } from './features/activity';
import { registerAddressRoutes } from './features/addresses';
import { registerAuthRoutes } from './features/auth';
import { registerConfigRoutes } from './features/configs';
import { registerDevRoutes, registerOauthRelay } from './features/dev';
import { registerGiftCardRoutes } from './features/gift-cards';
import { registerKobRoutes } from './features/kob';
import { bookMediaRule, registerBookRoutes, registerTasteRoutes } from './features/library';
import { registerLotteryRoutes } from './features/lottery';
import { registerMissionRoutes } from './features/missions';
import { registerOpsRoutes } from './features/ops';
import { registerPointsRoutes } from './features/points';
import { registerPromotionRoutes } from './features/promotions';
import { registerPushRoutes } from './features/push';
import { registerReportRoutes } from './features/reports';
import { registerRewardRoutes } from './features/rewards';
import { registerSpeechRoutes } from './features/speech';
import { registerPaymentNotifyRoutes, registerStoreRoutes } from './features/store';
import { courseMediaRule, registerStudyPlanRoutes } from './features/study-plan';
import { registerSystemRoutes } from './features/system';
import { registerUserRoutes } from './features/user';
import { registerVocabRoutes } from './features/words';
import { createSocialQueries, registerWorkRoutes } from './features/works';
import { type Clock, systemClock } from './platform/clock';
import type { AppConfig } from './platform/config';
import type { Database } from './platform/db/client';
import { registerRefusedPath, rewriteToCanonical } from './platform/http/canonical-url';
import { frameworkErrors, registerErrorHandling } from './platform/http/error-handler';
import { registerMultipart } from './platform/http/multipart';
import { registerNulByteCheck } from './platform/http/nul-bytes';
import { registerRequestLog } from './platform/http/request-log';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { createUrlSigner } from './platform/media/signed-urls';
import { createServices, type Services } from './platform/services';
import { cachedBookTexts, registerDeviceSpeech } from './platform/speech/device-model';
import { registerUploads } from './platform/storage/serve-uploads';
import { registerWeb } from './platform/web/web.plugin';

z.config(z.locales.zhCN());

/** The config rows a fresh database needs before the app reads it (server.ts seeds the rest; tests seed these). */
export { seedConfigs } from './features/configs';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  clock?: Clock;
  /** Pino logger options, or false to silence (tests). */
  logger?: boolean | object;
  /** Replacements for outside-world adapters (tests). */
  services?: Partial<Omit<Services, 'close'>>;
}

const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join('; ');

function loggerOptions(config: AppConfig): object {
  const base = {
    level: config.logLevel,
    redact: ['req.headers.access_token', 'req.headers.authorization'],
  };
  // People running `npm start` in a terminal get readable lines; machines get JSON.
  if (config.env !== 'production' && process.stdout.isTTY) {
    return {
      ...base,
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
      },
    };
  }
  return base;
}

/** Builds the whole API + web server without listening; tests drive it with `inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    // The nearest `trustProxy` hops are our load balancers; the address before them is the
    // client. Trusting the whole X-Forwarded-For chain (`true`) would let any client choose its
    // own IP, and with it the per-IP limits and the loopback-only development adapters.
    trustProxy: config.trustProxy > 0 ? (_address, hop) => hop < config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    // Stop accepting and let keep-alive sockets close once their response is sent.
    forceCloseConnections: 'idle',
    // A URL that does not decode or a path parameter past the router's limit: the envelope too.
    frameworkErrors,
    // One line per request (registerRequestLog), not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // One canonical path before routing, the guards and the file servers (decision 086).
    rewriteUrl: rewriteToCanonical,
  });
  registerRequestLog(app);

  const clock = options.clock ?? systemClock;
  const services = createServices(
    config,
    database,
    clock,
    (msg) => app.log.info(msg),
    // The payment sandbox notifies our own endpoint in process (no network, works under inject).
    async ({ url, headers, body }) => {
      const res = await app.inject({
        method: 'POST',
        url: new URL(url).pathname,
        headers,
        payload: body,
      });
      return { status: res.statusCode, body: res.body };
    },
  );
  app.addHook('onClose', () => services.close());
  // The payment sandbox reads its keys and open payments back (it keeps them in memory).
  app.addHook('onReady', async () => {
    await app.deps.payments.sandbox?.warm();
  });
  app.decorate('deps', {
    config,
    database,
    db: database.db,
    clock,
    urlSigner: createUrlSigner({ key: config.mediaUrlKey, clock }),
    rateLimiter: options.services?.rateLimiter ?? services.rateLimiter,
    sms: options.services?.sms ?? services.sms,
    push: options.services?.push ?? services.push,
    oauth: options.services?.oauth ?? services.oauth,
    storage: options.services?.storage ?? services.storage,
    speechJudge: options.services?.speechJudge ?? services.speechJudge,
    speechChannels: options.services?.speechChannels ?? services.speechChannels,
    payments: options.services?.payments ?? services.payments,
  });
  app.decorateRequest('userId', null);
  app.decorateRequest('changesAnnounced', false);
  // Set when shutting down: responses then close their keep-alive socket, so the server can
  // finish without waiting for idle clients.
  app.decorate('draining', false);
  app.addHook('onSend', async (request, reply, payload) => {
    if (app.draining) reply.header('connection', 'close');
    // A write is answered once this process has heard its changes (decision 078): the client's
    // next read here never meets a cache entry from before its own write. A handler that
    // announced its changes to this process's caches (the progress write) needs no wait.
    if (request.method !== 'GET' && request.method !== 'HEAD' && !request.changesAnnounced)
      await database.changes.settle();
    return payload;
  });

  app.setValidatorCompiler(validatorCompiler);
  // Outside production every response is checked against its contract; in production the
  // check is skipped for speed (the API tests keep the contract honest).
  app.setSerializerCompiler(config.responseValidation ? serializerCompiler : () => JSON.stringify);

  // API JSON above 1 KB goes out brotli- or gzip-compressed by Accept-Encoding (quality for answers
  // made per request). Only JSON: media keep their bytes and byte ranges untouched (audio with
  // per-request compression broke the reader's narration), and the web build is precompressed
  // at its best (decision 072).
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/json\b/,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });

  registerErrorHandling(app);
  registerSecurityHeaders(app);
  registerNulByteCheck(app);
  await registerMultipart(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'PicBook API',
        version: '1.0.0',
        description: 'Envelope {code, msg, data}; code 0 is success.',
      },
      components: {
        securitySchemes: {
          accessToken: { type: 'apiKey', in: 'header', name: 'access_token' },
          opsToken: { type: 'apiKey', in: 'header', name: 'ops_token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI's page and assets come from here; its inline styles need 'unsafe-inline'.
    staticCSP: DOCS_CSP,
  });

  registerRefusedPath(app);
  registerSystemRoutes(app);
  registerConfigRoutes(app);
  registerAuthRoutes(app);
  registerUserRoutes(app);
  registerBookRoutes(app);
  registerSpeechRoutes(app);
  registerRewardRoutes(app);
  registerWorkRoutes(app);
  registerPointsRoutes(app);
  registerAddressRoutes(app);
  registerLotteryRoutes(app);
  registerStoreRoutes(app);
  registerGiftCardRoutes(app);
  registerPromotionRoutes(app);
  registerPaymentNotifyRoutes(app);
  registerOpsRoutes(app);
  registerStudyPlanRoutes(app);
  registerReportRoutes(app);
  registerPushRoutes(app);
  registerMissionRoutes(app);
  registerKobRoutes(app);
  registerVocabRoutes(app);
  registerActivityRoutes(app);
  registerTasteRoutes(app);
  registerOauthRelay(app);
  registerDevRoutes(app);
  registerUploads(app, app.deps.storage, {
    isShownToOthers: (key) => createSocialQueries(database.db).isRecordingPublic(key),
  });
  // No books' lines in the public model: a locked book's text never leaves the server (a screen
  // gives the device its own book's lines as competitors instead; decision 110).
  registerDeviceSpeech(app, { texts: cachedBookTexts(database) });
  await registerWeb(app, { mediaRules: [bookMediaRule(database.db), courseMediaRule()] });

  return app;
}

import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ZBuildInfo } from '@picbook/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SPA_CSP } from '../http/security-headers';

/** Paths that never fall back to the SPA: unknown ones answer the API's 404 envelope. */
const NON_SPA_PREFIXES = ['/api/', '/media/', '/assets/', '/dev/', '/legal/', '/oauth/'];

/**
 * Serves the built web app (hashed assets cached for a year, index.html never cached and used as
 * the fallback for client routes), /build.json for the version check, and /media/* content.
 */
export async function registerWeb(app: FastifyInstance): Promise<void> {
  const { webDistDir, mediaDir, legalDir } = app.deps.config;
  fs.mkdirSync(mediaDir, { recursive: true });

  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    // Content files may be re-imported under the same name, so revalidate daily (ETag makes
    // that a 304); the browser keeps using its copy meanwhile.
    cacheControl: false,
    setHeaders: (res) => {
      res.setHeader('cache-control', 'public, max-age=86400, stale-while-revalidate=604800');
    },
  });

  // Legal pages the login screen links to (user agreement, privacy, children's rules).
  await app.register(fastifyStatic, {
    root: legalDir,
    prefix: '/legal/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (res) => {
      res.setHeader('cache-control', 'public, max-age=3600');
      res.setHeader(
        'content-security-policy',
        "default-src 'none'; style-src 'self'; frame-ancestors 'self'",
      );
    },
  });

  const indexFile = path.join(webDistDir, 'index.html');
  const hasWebBuild = fs.existsSync(indexFile);
  if (hasWebBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      index: false,
      cacheControl: false,
      // Files missing here fall through to the not-found handler, which serves the SPA.
      setHeaders: (res, filePath) => {
        const rel = path.relative(webDistDir, filePath);
        if (rel.startsWith(`assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else if (rel.endsWith('.html')) {
          res.setHeader('cache-control', 'no-cache');
          res.setHeader('content-security-policy', SPA_CSP);
        } else {
          res.setHeader('cache-control', 'public, max-age=3600');
        }
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app not built; run `npm run build` (npm start does it)');
  }

  app.get('/build.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const info = readBuildInfo(webDistDir);
    if (!info) return reply.status(404).send({ code: 10404, msg: '前端尚未构建', data: null });
    return info;
  });

  const serveIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasWebBuild) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send(
          'PicBook web app is not built yet. Run `npm start` (it builds it) or `npm run build`.',
        );
    }
    request.log.debug({ url: request.url }, 'spa fallback');
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', SPA_CSP)
      .type('text/html; charset=utf-8')
      .send(fs.createReadStream(indexFile));
  };
  app.decorate('serveSpa', serveIndex);
  // The static handler refuses the bare directory, so the root gets the app explicitly.
  app.get('/', { schema: { hide: true } }, serveIndex);
}

/** Whether a request that matched no route should get the SPA's index.html. */
export function wantsSpa(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = request.url;
  return !NON_SPA_PREFIXES.some((prefix) => url.startsWith(prefix)) && !url.startsWith('/api?');
}

function readBuildInfo(webDistDir: string) {
  try {
    const raw = JSON.parse(fs.readFileSync(path.join(webDistDir, 'build.json'), 'utf8'));
    const parsed = ZBuildInfo.safeParse(raw);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    serveSpa?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  }
}

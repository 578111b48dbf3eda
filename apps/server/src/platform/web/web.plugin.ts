import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode, ZBuildInfo } from '@picbook/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { SPA_CSP } from '../http/security-headers';
import { type MediaRule, registerMediaGuard } from '../media/media-access';
import { SIGNATURE_PARAMS } from '../media/signed-urls';
import {
  hasImageOptions,
  ImageOptionError,
  type ImageOptions,
  parseImageOptions,
} from './image-options';
import { type ImageCache, transformImage } from './image-transform';
import { indexPageReader } from './route-preloads';
import { createWorkQueue, QueueFullError } from './work-queue';

/** Built content files carry a content hash in their name (p1-1280.3fa2c9d1.webp) and never change. */
const HASHED_NAME = /\.[0-9a-f]{8}\.[a-z0-9]+$/;

export function mediaCacheControl(filePath: string): string {
  return HASHED_NAME.test(filePath)
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=86400, stale-while-revalidate=604800';
}

/**
 * /media/…?thumbnail=…&crop=… : the spec's image options through sharp, cached on disk. Bad
 * options answer 400 / 10001 naming the parameter; requests without options fall through to
 * the static files.
 */
function registerImageOptions(app: FastifyInstance, mediaRoots: string[], cacheDir: string): void {
  const cache: ImageCache = {
    dir: cacheDir,
    maxBytes: 512 * 1024 * 1024,
    // Half the cores at most: made-up sizes and blurs must not starve the API (decision 025).
    queue: createWorkQueue({
      concurrency: Math.max(1, Math.floor(os.availableParallelism() / 2)),
      maxWaiting: 16,
    }),
  };
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const [urlPath, search = ''] = request.url.split('?');
    if (!urlPath?.startsWith('/media/') || !search) return;
    // A signed URL's own parameters were checked by the media guard; the rest are image options.
    const query = Object.fromEntries(
      [...new URLSearchParams(search)].filter(
        ([key]) => !(SIGNATURE_PARAMS as readonly string[]).includes(key),
      ),
    ) as Record<string, string>;
    if (!hasImageOptions(query)) return;
    let options: ImageOptions;
    try {
      options = parseImageOptions(query);
    } catch (error) {
      throw asParamsError(error);
    }
    const relative = decodeURIComponent(urlPath.slice('/media/'.length));
    if (!/\.(webp|png|jpe?g|svg|avif|gif)$/i.test(relative))
      throw new AppError(ErrorCode.RouteNotFound);
    const source = mediaRoots
      .map((root) => ({ root, file: path.resolve(root, relative) }))
      .find(({ root, file }) => file.startsWith(`${root}${path.sep}`) && fs.existsSync(file))?.file;
    if (!source) throw new AppError(ErrorCode.RouteNotFound);
    let result: Awaited<ReturnType<typeof transformImage>>;
    try {
      result = await transformImage(source, options, cache);
    } catch (error) {
      if (error instanceof ImageOptionError) throw asParamsError(error);
      if (error instanceof QueueFullError) {
        throw new AppError(ErrorCode.TooManyRequests, '图片处理繁忙，请稍后再试', {
          data: { retry_after: 2 },
        });
      }
      request.log.warn({ err: error, source }, 'image transform failed');
      throw new AppError(ErrorCode.InvalidParams, '参数错误：图片无法处理');
    }
    return reply
      .header('cache-control', mediaCacheControl(source))
      .type(result.contentType)
      .send(fs.createReadStream(result.file));
  });
}

function asParamsError(error: unknown): AppError {
  if (error instanceof ImageOptionError) {
    return new AppError(ErrorCode.InvalidParams, `参数错误：${error.message}`, {
      field: error.param,
    });
  }
  return new AppError(ErrorCode.InvalidParams);
}

/** Paths that never fall back to the SPA: unknown ones answer the API's 404 envelope. */
const NON_SPA_PREFIXES = [
  '/api/',
  '/media/',
  '/uploads/',
  '/assets/',
  '/dev/',
  '/legal/',
  '/oauth/',
  '/speech/',
];

/**
 * Serves the built web app (hashed assets cached for a year, index.html never cached and used as
 * the fallback for client routes), /build.json for the version check, and /media/* content
 * (guarded by the features' media rules: paid files only through signed URLs).
 */
export async function registerWeb(
  app: FastifyInstance,
  options: { mediaRules: readonly MediaRule[] },
): Promise<void> {
  const { webDistDir, mediaDir, dataMediaDir, legalDir } = app.deps.config;
  fs.mkdirSync(mediaDir, { recursive: true });
  fs.mkdirSync(dataMediaDir, { recursive: true });
  // A deployment's own content (imported books …) first, then the built sample content.
  const mediaRoots = [dataMediaDir, mediaDir];

  // Before the image options: a resized page of a members' book needs the signature too.
  registerMediaGuard(app, options.mediaRules);
  registerImageOptions(app, mediaRoots, path.join(app.deps.config.dataDir, 'cache', 'images'));

  await app.register(fastifyStatic, {
    root: mediaRoots,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    // Content files may be re-imported under the same name, so revalidate daily (ETag makes
    // that a 304); the browser keeps using its copy meanwhile.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', mediaCacheControl(filePath));
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
  const opsFile = path.join(webDistDir, 'ops.html');
  const hasWebBuild = fs.existsSync(indexFile);
  const indexPage = indexPageReader(webDistDir);
  if (hasWebBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      index: false,
      // The build writes name.br and name.gz beside each text file: sent by Accept-Encoding,
      // with Content-Encoding and Vary (decision 072).
      preCompressed: true,
      cacheControl: false,
      // Files missing here fall through to the not-found handler, which serves the SPA.
      setHeaders: (res, filePath) => {
        // Caches must keep the brotli, gzip and plain answers apart.
        res.setHeader('vary', 'accept-encoding');
        const rel = path.relative(webDistDir, filePath);
        if (rel.startsWith(`assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else if (rel === 'sw.js') {
          // The service worker must be checked on every load so an update reaches families.
          res.setHeader('cache-control', 'no-cache');
        } else if (rel.endsWith('.html')) {
          res.setHeader('cache-control', 'no-cache');
          // index.html carries the boot script, allowed by its hash (decision 084).
          res.setHeader(
            'content-security-policy',
            rel === 'index.html' ? indexPage('/index.html').csp : SPA_CSP,
          );
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
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    // The operator console is its own page (ops.html): families' pages never load it.
    if (isOpsPath(request.url) && fs.existsSync(opsFile)) {
      return reply.header('content-security-policy', SPA_CSP).send(fs.createReadStream(opsFile));
    }
    // The families' page, with the opening page's code named for preloading (decision 083).
    const page = indexPage(request.url.split('?')[0] ?? '/');
    return reply.header('content-security-policy', page.csp).send(page.html);
  };
  app.decorate('serveSpa', serveIndex);
  // The static handler refuses the bare directory, so the root gets the app explicitly.
  app.get('/', { schema: { hide: true } }, serveIndex);
}

/** /ops and below: the operator console's page. */
export const isOpsPath = (url: string): boolean => url === '/ops' || /^\/ops[/?]/.test(url);

/** Whether a request that matched no route should get the SPA's index.html. */
export function wantsSpa(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  // In any case and any depth of encoding: /MEDIA/… or /media%252F… is no page of the app either.
  const url = decodedFully(request.url).toLowerCase();
  return !NON_SPA_PREFIXES.some((prefix) => url.startsWith(prefix)) && !url.startsWith('/api?');
}

/** `text` percent-decoded until it no longer changes (a few rounds at most). */
function decodedFully(text: string): string {
  let current = text;
  for (let round = 0; round < 4 && current.includes('%'); round += 1) {
    try {
      const next = decodeURIComponent(current);
      if (next === current) break;
      current = next;
    } catch {
      break;
    }
  }
  return current;
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

import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import {
  type AcousticModel,
  buildDeviceModel,
  type DeviceModelFileBody,
  type DeviceSpeechModel,
  dictionaryWords,
  resolveAcousticModel,
} from '@picbook/speech';
import type { FastifyInstance } from 'fastify';
import { sharedCache } from '../cache/change-cache';
import type { Database } from '../db/client';

/**
 * The scorer's model as devices load it (decision 107): `/speech/model.json` says which model
 * the server scores with and where its files are; `/speech/f/<key>.<hash>` serves each file under
 * its content hash, gzip-compressed, cached for a year. The files are the server's own (the
 * pool's model, `auto`), so a device scores with exactly what the server scores with; the
 * dictionary is trimmed to the words of the books (their lines as the reading screens show them)
 * and of the courses (what their speaking parts ask a child to say). The books' lines are not
 * served (the public model would hold locked books' text): a screen gives its own book's pages
 * (decisions 110, 113).
 */
export const DEVICE_SPEECH_PREFIX = '/speech/f/';

interface Served {
  body: Buffer;
  gzip: Buffer;
  type: string;
}

const TYPES: Partial<Record<string, string>> = {
  dict: 'text/plain; charset=utf-8',
  fdict: 'text/plain; charset=utf-8',
};

/** Every book page's English lines (withdrawn books too: a child may have one open). */
const PAGES_SQL = `select sentences from book_pages`;
/** The books' words and their example sentences (word practice). */
const WORDS_SQL = `select word, example from book_words`;
/**
 * What the courses ask a child to say: every English line (`en`) and word (`word`) anywhere in a
 * course's content (course-content.ts: sentences, key sentences, spoken texts, word parts).
 */
const COURSE_TEXTS_SQL = `select t #>> '{}' as text
  from courses, jsonb_path_query(content, 'lax $.**.en') as t where jsonb_typeof(t) = 'string'
  union all
  select t #>> '{}' as text
  from courses, jsonb_path_query(content, 'lax $.**.word') as t where jsonb_typeof(t) = 'string'`;

/**
 * The texts a child reads aloud, read once and kept while the change feed is live until a book or
 * a course changes (an import or a page's note moves its book's row); without a feed, read on
 * each use.
 */
const bookTextsCache = sharedCache<string[]>(['books', 'courses']);
export function cachedBookTexts(
  database: Pick<Database, 'db' | 'queryNamed'>,
): () => Promise<string[]> {
  return () => bookTextsCache(database.db, () => bookTexts(database));
}

/** The texts a child reads aloud: the books' lines, words and examples, and the courses'. */
async function bookTexts(database: Pick<Database, 'queryNamed'>): Promise<string[]> {
  const pages = await database.queryNamed<{ sentences: { en?: unknown }[] }>(
    'device-speech-pages',
    PAGES_SQL,
    [],
  );
  const words = await database.queryNamed<{ word: string; example: string }>(
    'device-speech-words',
    WORDS_SQL,
    [],
  );
  const courses = await database.queryNamed<{ text: string }>(
    'device-speech-courses',
    COURSE_TEXTS_SQL,
    [],
  );
  return [
    ...pages.flatMap((r) =>
      r.sentences.map((s) => s.en).filter((en): en is string => typeof en === 'string'),
    ),
    ...words.flatMap((w) => [w.word, w.example]),
    ...courses.map((c) => c.text),
  ];
}

export function registerDeviceSpeech(
  app: FastifyInstance,
  options: { texts: () => Promise<readonly string[]>; model?: () => AcousticModel },
): void {
  const resolveModel = options.model ?? (() => resolveAcousticModel('auto'));
  /** Files by name: the model's never change while the server runs, a dictionary per word set. */
  const files = new Map<string, Served>();
  let latest: { words: string; model: DeviceSpeechModel } | undefined;

  const serve = (file: DeviceModelFileBody): void => {
    if (files.has(file.name)) return;
    files.set(file.name, {
      body: file.body,
      gzip: zlib.gzipSync(file.body, { level: 9 }),
      type: TYPES[file.key] ?? 'application/octet-stream',
    });
  };

  const current = async (): Promise<DeviceSpeechModel> => {
    const words = dictionaryWords(await options.texts());
    const key = createHash('sha256')
      .update([...words].sort().join('\n'))
      .digest('hex');
    if (latest?.words === key) return latest.model;
    const built = buildDeviceModel(resolveModel(), words, DEVICE_SPEECH_PREFIX);
    for (const file of built.files) serve(file);
    latest = { words: key, model: built.model };
    return built.model;
  };

  app.get('/speech/model.json', { schema: { hide: true } }, async (_request, reply) => {
    const model = await current();
    // Small and changes with the books: revalidated on every use (the files it names are not).
    reply.header('cache-control', 'no-cache');
    return model;
  });

  app.get<{ Params: { name: string } }>(
    `${DEVICE_SPEECH_PREFIX}:name`,
    { schema: { hide: true } },
    async (request, reply) => {
      // After a restart a device may ask for a file before the description.
      if (!files.has(request.params.name)) await current();
      const file = files.get(request.params.name);
      if (!file) return reply.status(404).send({ code: 10404, msg: '文件不存在', data: null });
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('vary', 'accept-encoding')
        .type(file.type);
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        return reply.header('content-encoding', 'gzip').send(file.gzip);
      }
      return reply.send(file.body);
    },
  );
}

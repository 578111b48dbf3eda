import fs from 'node:fs';
import { endpoints } from '@picbook/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, newPhone, phoneLogin } from '../../../test/auth-helpers';
import { expectError, expectOk } from '../../../test/envelope';
import { multipart } from '../../../test/multipart';
import { settableJudge, toneWav } from '../../../test/speech-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { recordings, workItems, works } from '../../platform/db/schema';
import { importSampleBooks } from '../library/library.test-kit';

/**
 * POST /api/v1/audio with the device's `client_id` (issue 37, decision 110): a recording scored on
 * the device offline is filed when the network returns, with its WAV; a replay, a second tab or
 * 50 requests at once file it once — one recording, one stored file, one judgement — and the
 * server's judgement is what the work gets (the device's number is never read). On PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
const TRIAL = 1101;
const { judge, state } = settableJudge(80);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ services: { speechJudge: judge } });
  await importSampleBooks(t.database.db, [TRIAL]);
});
afterAll(() => t.close());

let seq = 0;
const newId = (prefix: string) => `${prefix}-${process.pid}-${++seq}-${Date.now()}`.slice(0, 64);

function upload(fields: Record<string, string | number>, file: Buffer | undefined, as: string) {
  const body = multipart(fields, file, 'take.wav', 'audio');
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/audio',
    headers: { ...auth(as), 'content-type': body.contentType },
    payload: body.payload,
  });
}

const item = (uuid: string, clientId: string) => ({
  uuid,
  book_id: TRIAL,
  secondary_id: 2,
  content_id: 'p2s1',
  type: 1,
  duration: 1.5,
  client_id: clientId,
  // What an older or a dishonest client might send: never read.
  score: 100,
});

const uploadsDir = () => (t.config.storage.kind === 'local' ? t.config.storage.dir : '');
const storedFiles = () =>
  fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir(), { recursive: true }).length : 0;

async function clientRows(clientId: string) {
  return t.database.db
    .select()
    .from(recordings)
    .where(and(eq(recordings.clientId, clientId), isNotNull(recordings.clientId)));
}

describe('POST /api/v1/audio with client_id', () => {
  it('files a device recording once: a replay gets the same recording and judgement', async () => {
    const token = (await phoneLogin(t, newPhone())).access_token;
    const clientId = newId('device-replay');
    const uuid = newId('run');
    state.score = 73;
    state.judged.length = 0;
    const first = expectOk(
      await upload(item(uuid, clientId), toneWav(1.5), token),
      endpoints.audio,
    );
    // The server's judgement, not the client's 100.
    expect(first).toMatchObject({ score: 73, best_score: 73, verdict: 'ok' });
    const files = storedFiles();

    state.score = 99;
    const replay = expectOk(
      await upload(item(uuid, clientId), toneWav(1.5), token),
      endpoints.audio,
    );
    expect(replay).toMatchObject({ id: first.id, score: 73, work_id: first.work_id });
    expect(state.judged).toEqual(['Dad has a red kite.']);
    expect(storedFiles()).toBe(files);
    expect(await clientRows(clientId)).toHaveLength(1);

    // Another child's same id is another recording (ids are per user).
    const other = (await phoneLogin(t, newPhone())).access_token;
    const theirs = expectOk(
      await upload(item(newId('run'), clientId), toneWav(1.5), other),
      endpoints.audio,
    );
    expect(theirs.id).not.toBe(first.id);
    expect(theirs.score).toBe(99);
  });

  it('wants the file with a client_id, and refuses a malformed one', async () => {
    const token = (await phoneLogin(t, newPhone())).access_token;
    const without = await upload(item(newId('run'), newId('device-nofile')), undefined, token);
    expect(expectError(without, 400, 10001).msg).toContain('client_id');
    const bad = await upload(item(newId('run'), 'short'), toneWav(1.2), token);
    expectError(bad, 400, 10001);
  });

  it('50 requests at once with one client_id file one recording, one file and one work item', async () => {
    const token = (await phoneLogin(t, newPhone())).access_token;
    const clientId = newId('device-50');
    const uuid = newId('run');
    state.score = 84;
    const files = storedFiles();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => upload(item(uuid, clientId), toneWav(1.2), token)),
    );
    const ok = answers.map((res) => expectOk(res, endpoints.audio));
    expect(new Set(ok.map((a) => a.id)).size).toBe(1);
    expect(new Set(ok.map((a) => a.work_id)).size).toBe(1);
    expect(ok.every((a) => a.score === 84 && a.best_score === 84)).toBe(true);
    expect(await clientRows(clientId)).toHaveLength(1);
    // The requests that lost the race dropped their copies of the file.
    expect(storedFiles()).toBe(files + 1);
    const [work] = await t.database.db.select().from(works).where(eq(works.uuid, uuid));
    const items = await t.database.db
      .select()
      .from(workItems)
      .where(eq(workItems.workId, work?.id ?? 0));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ contentId: 'p2s1', score: 84, recordingId: ok[0]?.id });
    expect(work).toMatchObject({ itemCount: 1 });
  }, 180_000);
});

import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST, type PlanKit, startPlanKit } from './study-plan.test-kit';

let kit: PlanKit;
beforeAll(async () => {
  kit = await startPlanKit();
}, 60_000);
afterAll(() => kit.close());

/** The words of the dictionary a device is served now (GET /speech/model.json, then its dict). */
async function deviceWords(): Promise<Set<string>> {
  const model = (await kit.get('/speech/model.json')).json() as { files: { dict: string } };
  const res = await kit.t.app.inject({
    url: model.files.dict,
    headers: { 'accept-encoding': 'gzip' },
  });
  const dict = gunzipSync(res.rawPayload).toString('utf8');
  return new Set(
    dict
      .trim()
      .split('\n')
      .map((l) => (l.split(' ')[0] ?? '').replace(/\(\d+\)$/, '')),
  );
}

describe("the device's dictionary has what the courses ask a child to say (issue 37)", () => {
  it('adds a word that only a course says, as soon as the course changes', async () => {
    expect(await deviceWords()).not.toContain('xylophone');
    // A course's speaking line, anywhere in its content (here a key sentence of its own).
    await kit.t.database.db.execute(
      sql`update courses set content = jsonb_set(content, '{key_sentence}', '{"en": "A big xylophone."}'::jsonb)
          where process_id = ${FIRST.read}`,
    );
    expect(await deviceWords()).toContain('xylophone');
  });
});

describe("the device's public model holds no book's text (issue 37, as an attacker)", () => {
  it("names no lines file: a locked book's sentences never leave the server", async () => {
    const model = (await kit.get('/speech/model.json')).json() as Record<string, unknown>;
    expect(model).not.toHaveProperty('lines');
    const linesFile = await kit.t.app.inject({ url: '/speech/f/lines.0000000000000000' });
    expect(linesFile.statusCode).toBe(404);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { endpoints } from '@picbook/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, newDevice } from '../../../test/auth-helpers';
import { expectOk } from '../../../test/envelope';
import { contentMedia } from '../../../test/speech-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { importSampleBooks } from '../library/library.test-kit';
import { importWeeks, readWeekManifests } from './import-plan';

/**
 * Course media stays paid (issues 11 and 12): the spoken instructions and the free week are
 * public; every other week's files answer only the signed URLs the course endpoints hand out.
 */
const coursesDir = path.join(contentMedia, 'courses');
let t: TestApp;
let guest = '';

beforeAll(async () => {
  t = await createTestApp({ configOverrides: { mediaDir: contentMedia } });
  const { weeks } = readWeekManifests(contentMedia);
  const used = weeks.filter((w) => w.level === 1 && w.week <= 2);
  await importSampleBooks(
    t.database.db,
    used.map((w) => w.book_id),
  );
  await importWeeks(t.database.db, used);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/guest_login',
    payload: { device_id: newDevice() },
  });
  guest = expectOk(login, endpoints.guestLogin).access_token;
}, 120_000);
afterAll(() => t.close());

describe('/media/courses', () => {
  it('serves the instructions and week 1 to anyone, other weeks only signed, manifests never', async () => {
    const folders = fs.readdirSync(coursesDir);
    expect(folders.length).toBeGreaterThan(30);
    for (const folder of folders) {
      for (const name of fs.readdirSync(path.join(coursesDir, folder))) {
        const res = await t.app.inject({ url: `/media/courses/${folder}/${name}` });
        const isPublic = folder === 'guide' || /^l\dw1$/.test(folder);
        const expected = name.endsWith('.json') ? 404 : isPublic ? 200 : 403;
        expect(res.statusCode, `${folder}/${name}`).toBe(expected);
      }
    }
  });

  it('hands out URLs that open for the reader of an open course', async () => {
    const course = expectOk(
      await t.app.inject({ url: '/api/v1/learning/process/101111', headers: auth(guest) }),
      endpoints.learningProcess,
    );
    const urls = JSON.stringify(course).match(/\/media\/[^"\\]+/g) ?? [];
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(200);
    }
  });
});

import { endpoints } from '@picbook/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/envelope';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createConfigQueries } from './configs.queries';
import { seedConfigs } from './configs.store';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/v1/configs', () => {
  it('answers levels 1–6 with band, reading-difficulty range and Chinese description', async () => {
    const data = expectOk(await t.app.inject({ url: '/api/v1/configs' }), endpoints.configs);
    expect(data.levels.map((l) => l.level)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(data.levels.map((l) => l.band)).toEqual([
      'beginner',
      'beginner',
      'intermediate',
      'intermediate',
      'advanced',
      'advanced',
    ]);
    for (const level of data.levels) {
      expect(level.difficulty.max).toBeGreaterThan(level.difficulty.min);
      expect(level.description_cn).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(data.cn_levels).toHaveLength(6);
  });

  it('has the default region 214 北京 among the regions', async () => {
    const data = expectOk(await t.app.inject({ url: '/api/v1/configs' }), endpoints.configs);
    expect(data.default_region).toBe(214);
    expect(data.regions.find((r) => r.id === 214)?.name).toBe('北京');
    expect(new Set(data.regions.map((r) => r.id)).size).toBe(data.regions.length);
  });

  it('lists categories, course types, gray options, music per area, avatars and the judge flag', async () => {
    const data = expectOk(await t.app.inject({ url: '/api/v1/configs' }), endpoints.configs);
    expect(data.book_categories[0]).toMatchObject({
      id: 1,
      description_cn: expect.any(String),
      description_en: expect.any(String),
    });
    expect(data.course_types.length).toBe(20);
    expect(Object.keys(data.gray_options)).toEqual(
      expect.arrayContaining([
        'lottieDisabled',
        'spineDisabled',
        'kobEnabled',
        'kobDisabled',
        'kobDoneCoursesThreshold',
      ]),
    );
    expect(Object.keys(data.bgm).sort()).toEqual(['growth', 'learning', 'library', 'words']);
    expect(data.avatars.zodiac).toHaveLength(12);
    expect(data.avatars.boy.length).toBeGreaterThan(0);
    expect(data.avatars.girl.length).toBeGreaterThan(0);
    expect(data.judge_speech.enable_cloud).toBe(0);
  });

  it('serves values from the database, so an operator change shows without a deploy', async () => {
    await createConfigQueries(t.database.db).upsert('judge_speech', { enable_cloud: 1 });
    const data = expectOk(await t.app.inject({ url: '/api/v1/configs' }), endpoints.configs);
    expect(data.judge_speech.enable_cloud).toBe(1);
    await createConfigQueries(t.database.db).upsert('judge_speech', { enable_cloud: 0 });
  });

  it('falls back to the default for a value an operator broke, keeping the rest', async () => {
    const q = createConfigQueries(t.database.db);
    await q.upsert('regions', [{ id: 'x' }]);
    await q.upsert('default_region', 215);
    const data = expectOk(await t.app.inject({ url: '/api/v1/configs' }), endpoints.configs);
    expect(data.regions.find((r) => r.id === 214)?.name).toBe('北京');
    expect(data.default_region).toBe(215);
    await q.upsert('default_region', 214);
  });

  it('seeding again adds nothing and keeps operator edits', async () => {
    const q = createConfigQueries(t.database.db);
    await q.upsert('gray_options', {
      lottieDisabled: 1,
      spineDisabled: 0,
      kobEnabled: 0,
      kobDisabled: 0,
      kobDoneCoursesThreshold: 3,
      parentalGateDisabled: 0,
    });
    expect(await seedConfigs(t.database.db)).toBe(0);
    const data = expectOk(await t.app.inject({ url: '/api/v1/configs' }), endpoints.configs);
    expect(data.gray_options.lottieDisabled).toBe(1);
  });
});

describe('GET /api/v1/configs/sms_areas', () => {
  it('lists code, abbr and name with CN 86 as the default', async () => {
    const data = expectOk(
      await t.app.inject({ url: '/api/v1/configs/sms_areas' }),
      endpoints.smsAreas,
    );
    expect(data.default).toBe('CN');
    expect(data.list[0]).toEqual({ code: '86', abbr: 'CN', name: '中国大陆' });
  });
});

describe('GET /api/v1/configs/promotion', () => {
  const now = () => Math.floor(t.clock.now().getTime() / 1000);
  const promo = (id: number, extra: object) => ({
    id,
    key: `p${id}`,
    title: `活动${id}`,
    image: '/media/p.webp',
    link: '/parents/store',
    editions: [],
    min_web_ver: '',
    phone_only: 0,
    start_time: now() - 60,
    end_time: now() + 3600,
    ...extra,
  });

  it('answers only promotions active for this web version, edition and device', async () => {
    await createConfigQueries(t.database.db).upsert('promotion', [
      promo(1, {}),
      promo(2, { editions: ['alpha'] }),
      promo(3, { min_web_ver: '2.0.0' }),
      promo(4, { phone_only: 1 }),
      promo(5, { end_time: now() - 1 }),
    ]);
    const ids = async (qs: string) =>
      expectOk(
        await t.app.inject({ url: `/api/v1/configs/promotion${qs}` }),
        endpoints.promotion,
      ).list.map((p) => p.id);
    expect(await ids('')).toEqual([1]);
    expect(await ids('?edition=alpha&web_ver=2.1.0&as_phone=1')).toEqual([1, 2, 3, 4]);
    expect(await ids('?web_ver=1.9.9&as_phone=0')).toEqual([1]);
  });

  it('refuses a bad as_phone naming the field', async () => {
    const res = await t.app.inject({ url: '/api/v1/configs/promotion?as_phone=7' });
    expect(expectError(res, 400, 10001).msg).toContain('as_phone');
  });
});

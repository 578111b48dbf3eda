import { endpoints } from '@picbook/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/envelope';
import { type MallKit, startMallKit } from '../../../test/mall-kit';
import { operatorToken, runAction } from '../../../test/ops-kit';
import { operatorAudit } from '../../platform/db/schema';

/**
 * The activity data (decision 057): operators edit records through the audited actions, the API
 * serves them assembled by slot; shares are recorded per user and day.
 */
let kit: MallKit;
let START: Date;
const nowS = () => Math.floor(kit.t.clock.now().getTime() / 1000);

beforeAll(async () => {
  kit = await startMallKit();
  START = kit.t.clock.now();
});
afterAll(() => kit.close());

const activityData = async () =>
  expectOk(await kit.t.app.inject({ url: '/api/v1/activity_data' }), endpoints.activityData);

async function save(input: Record<string, unknown>): Promise<number> {
  const res = await kit.action('activity.save', input);
  return (expectOk(res, endpoints.opsRunAction).result as { id: number }).id;
}

describe('GET /api/v1/activity_data', () => {
  it('is empty before operators add anything, with every slot present', async () => {
    const data = await activityData();
    expect(data.popup_lib).toEqual([]);
    expect(data.home_pop_5).toEqual([]);
    expect(data.read_camp).toBeNull();
  });

  it('serves what operators saved: popups with their ids, references, entrances in order, the camp', async () => {
    const popupId = await save({
      slot: 'popup_lib',
      payload: {
        title: '寒假阅读挑战',
        image: '/media/mall/plush.svg',
        rule: { interval: 3600, points: [{ point: 'home', max: 2 }] },
        action: { action_type: 1, link: '/mission/growth' },
      },
    });
    await save({ slot: 'auto_popups', payload: { popup_id: popupId } });
    await save({
      slot: 'home_pop',
      position: 2,
      payload: { action_type: 0, title: 'B', link: '/act/b' },
    });
    await save({
      slot: 'home_pop',
      position: 1,
      payload: { action_type: 0, title: 'A', link: '/act/a' },
    });
    await save({
      slot: 'points_slide',
      payload: { action_type: 1, link: '/parents/points', not_display: 1 },
    });
    await save({
      slot: 'points_slide',
      payload: { action_type: 1, title: '积分', link: '/parents/points' },
    });
    await save({ slot: 'read_camp', payload: { id: 9, title: '阅读营' } });
    // A window that has not begun is not served.
    await save({
      slot: 'parents_slide',
      starts_at: nowS() + 3600,
      payload: { action_type: 1, link: '/parents/store', parental: 1 },
    });

    const data = await activityData();
    expect(data.popup_lib).toEqual([
      expect.objectContaining({ id: popupId, title: '寒假阅读挑战', rule: expect.any(Object) }),
    ]);
    expect(data.auto_popups).toEqual([popupId]);
    expect(data.home_pop.map((e) => e.title)).toEqual(['A', 'B']);
    expect(data.points_slide).toEqual([{ action_type: 1, title: '积分', link: '/parents/points' }]);
    expect(data.read_camp).toEqual({ id: 9, title: '阅读营' });
    expect(data.parents_slide).toEqual([]);

    kit.t.clock.set(new Date(START.getTime() + 2 * 3600_000));
    expect((await activityData()).parents_slide).toHaveLength(1);
    kit.t.clock.set(START);
  });

  it('changes and removals are audited; a bad payload is refused naming the field', async () => {
    const id = await save({ slot: 'home_pop_2', payload: { action_type: 5, uri: 'picbook://x' } });
    await save({ id, slot: 'home_pop_2', payload: { action_type: 5, uri: 'picbook://y' } });
    expect((await activityData()).home_pop_2).toEqual([{ action_type: 5, uri: 'picbook://y' }]);

    const bad = await kit.action('activity.save', {
      slot: 'popup_lib',
      payload: { title: 'x', rule: { points: [{ point: 'nowhere' }] } },
    });
    const body = expectError(bad, 400, 10001);
    expect(body.msg).toContain('payload');

    expectOk(await kit.action('activity.remove', { id }), endpoints.opsRunAction);
    expect((await activityData()).home_pop_2).toEqual([]);
    const audit = await kit.t.database.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.target, `activity:${id}`));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'activity.remove',
      'activity.save',
      'activity.save',
    ]);
  });

  it('a support-only operator may not edit activities', async () => {
    const token = await operatorToken(kit.t, ['support']);
    const res = await runAction(kit.t, token, 'activity.save', {
      slot: 'home_pop',
      payload: { action_type: 3 },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/v1/share', () => {
  it('records shares and counts them per China day', async () => {
    const member = await kit.member();
    const first = expectOk(
      await kit.post('/api/v1/share', member, { key: 'book.poster', detail: { book_id: 1101 } }),
      endpoints.share,
    );
    expect(first.shares_today).toBe(1);
    const second = expectOk(
      await kit.post('/api/v1/share', member, { key: 'invite', detail: 'wechat' }),
      endpoints.share,
    );
    expect(second.shares_today).toBe(2);
    kit.t.clock.set(new Date(START.getTime() + 86_400_000));
    const tomorrow = expectOk(
      await kit.post('/api/v1/share', member, { key: 'invite' }),
      endpoints.share,
    );
    expect(tomorrow.shares_today).toBe(1);
    kit.t.clock.set(START);
  });

  it('needs a login and a plain key', async () => {
    expectError(
      await kit.t.app.inject({ method: 'POST', url: '/api/v1/share', payload: { key: 'x' } }),
      401,
      10008,
    );
    const member = await kit.member();
    expectError(await kit.post('/api/v1/share', member, { key: 'has space' }), 400, 10001);
  });
});

import type { TOrder, TUserInfo } from '@picbook/contracts';
import { describe, expect, it, vi } from 'vitest';
import { buildUserInfo } from '../../test/factories';
import { checkOrder } from './order-check';

const order = (status: TOrder['status']): TOrder => ({
  id: 'PB261121000000000001',
  product_id: 'vip_1m',
  title: '绘本岛会员·1个月',
  right_name: 'vip',
  days: 31,
  amount: 2500,
  currency: 'CNY',
  pay_method: 'wechat',
  status,
  promo_label: null,
  create_time: 1,
  expire_time: 2,
  paid_time: null,
  fulfilled_time: null,
  closed_time: null,
  close_reason: null,
  refunded_time: null,
  right_expire_time: null,
  receipt: null,
});
const vipUser = (): TUserInfo =>
  buildUserInfo({
    vip: 1,
    rights: [
      { name: 'vip', vip_type: 1, expire_duration: 99, expire_time: 4_000_000_000, create_time: 1 },
    ],
  });

function deps(statuses: TOrder['status'][], user: () => TUserInfo | null = vipUser) {
  const sleeps: number[] = [];
  const fetchOrder = vi.fn(async () => order(statuses.shift() ?? 'created'));
  return {
    sleeps,
    fetchOrder,
    report: vi.fn(),
    deps: {
      fetchOrder,
      refreshUser: async () => user(),
      sleep: async (ms: number) => {
        sleeps.push(ms);
      },
      report: vi.fn(),
    },
  };
}

describe('§4 order check (retries at 1, 3, 5 s)', () => {
  it('success at once when the order is fulfilled and the right is there after a refresh', async () => {
    const d = deps(['fulfilled']);
    expect((await checkOrder('PB1', d.deps)).state).toBe('success');
    expect(d.sleeps).toEqual([]);
  });

  it('waits 1, 3 and 5 s between looks and succeeds on the last one', async () => {
    const d = deps(['created', 'created', 'paid', 'fulfilled']);
    expect((await checkOrder('PB1', d.deps)).state).toBe('success');
    expect(d.sleeps).toEqual([1000, 3000, 5000]);
    expect(d.fetchOrder).toHaveBeenCalledTimes(4);
  });

  it('still unpaid after four looks: exception, reported', async () => {
    const d = deps([]);
    const result = await checkOrder('PB1', d.deps);
    expect(result.state).toBe('exception');
    expect(d.deps.report).toHaveBeenCalledTimes(1);
  });

  it('fulfilled but the right is missing after the refresh: exception', async () => {
    const d = deps(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled'], () => buildUserInfo());
    expect((await checkOrder('PB1', d.deps)).state).toBe('exception');
  });

  it('a closed order ends the check at once', async () => {
    const d = deps(['closed']);
    expect((await checkOrder('PB1', d.deps)).state).toBe('exception');
    expect(d.sleeps).toEqual([]);
  });

  it('an error on the order call: error', async () => {
    const d = deps([]);
    d.deps.fetchOrder = vi.fn(async () => {
      throw new Error('500');
    });
    expect((await checkOrder('PB1', d.deps)).state).toBe('error');
  });
});

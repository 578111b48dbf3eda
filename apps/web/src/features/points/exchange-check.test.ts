import type { TOrderResult } from '@picbook/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../../shared/toast/toast-store';
import { type ApiError, apiError, stubApi } from '../../test/api-stub';
import { useExchangeCheck } from './exchange-check';

/** §4 goods exchange check: success on 0, fail on 10019/10025, error after the 1/3/5 s retries. */
const order: TOrderResult = {
  order: {
    order_id: 300001,
    item_id: 1001,
    sku_id: 2001,
    title: '24色彩色铅笔',
    sku_title: '24色',
    image: '/media/mall/pencils.svg',
    kind: 'physical',
    full_method: 1,
    points: 500,
    status: 1,
    can_cancel: true,
    address: null,
    carrier: null,
    tracking_no: null,
    create_time: 1,
    ship_time: null,
    cancel_time: null,
  },
  points: 105,
};

let answers: Array<() => TOrderResult | ApiError> = [];
const exchangeCalls: RequestInit[] = [];
/** Exchange calls take the next answer (none left: the network is down); tracking is accepted. */
const stubExchange = () =>
  stubApi({
    exchangeGoods: ({ init }) => {
      exchangeCalls.push(init ?? {});
      const next = answers.shift();
      if (!next) throw new TypeError('network down');
      return next();
    },
    pingback: () => ({ accepted: 0 }),
  });
const bodies = () => exchangeCalls.map((init) => JSON.parse(String(init.body)));

beforeEach(() => {
  vi.useFakeTimers();
  stubExchange();
  exchangeCalls.length = 0;
  useToasts.setState({ toasts: [] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const body = { item_id: 1001, sku_id: 2001, address_id: 5 };

describe('exchange check', () => {
  it('success on code 0', async () => {
    answers = [() => order];
    const { result } = renderHook(() => useExchangeCheck());
    let answer: unknown;
    await act(async () => {
      answer = await result.current.run(body);
    });
    expect(answer).toEqual(order);
    expect(result.current.state).toBe('success');
    expect(bodies()[0]).toMatchObject({ ...body, request_id: expect.any(String) });
  });

  it.each([
    [10019, '积分不足，快去做任务赚积分吧'],
    [10025, '这个商品已经兑完啦，看看别的吧'],
  ])('fail on %i with the message as an error toast, no retry', async (code, msg) => {
    answers = [() => apiError(code, msg)];
    const { result } = renderHook(() => useExchangeCheck());
    await act(async () => {
      await result.current.run(body);
    });
    expect(result.current.state).toBe('fail');
    expect(exchangeCalls).toHaveLength(1);
    expect(useToasts.getState().toasts.map((t) => [t.kind, t.message])).toEqual([['error', msg]]);
  });

  it('retries a failed call at 1, 3 and 5 s with the same request id, then succeeds', async () => {
    answers = [() => apiError(10000, '系统异常'), () => apiError(10000, '系统异常'), () => order];
    const { result } = renderHook(() => useExchangeCheck());
    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = result.current.run(body);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(exchangeCalls).toHaveLength(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
      await done;
    });
    expect(result.current.state).toBe('success');
    const ids = bodies().map((b) => b.request_id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
  });

  it('ends in error after the three retries', async () => {
    answers = [];
    const { result } = renderHook(() => useExchangeCheck());
    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = result.current.run(body);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000 + 3000 + 5000);
      await done;
    });
    expect(exchangeCalls).toHaveLength(4);
    expect(result.current.state).toBe('error');
  });

  it('a refusal that retrying cannot change is an error at once', async () => {
    answers = [() => apiError(10024, '商品已下架')];
    const { result } = renderHook(() => useExchangeCheck());
    await act(async () => {
      await result.current.run(body);
    });
    expect(result.current.state).toBe('error');
    expect(exchangeCalls).toHaveLength(1);
  });
});

import type { TStorages } from '@picbook/contracts';
import { USER_SETTING_DEFAULTS } from '@picbook/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiError, httpError, stubApi } from '../../test/api-stub';
import { storage } from '../platform/storage';
import { LOCAL_KEY_PREFIX, resetSettings, useSettings } from './user-settings';

type Answer = () => TStorages | ApiError | Promise<TStorages | ApiError>;
/** The server's answers to the settings reads and saves in turn, then the standing one. */
const once: Answer[] = [];
let standing: Answer | undefined;
const next = () => {
  const answer = once.shift() ?? standing;
  if (!answer) throw new TypeError('no answer');
  return answer();
};
let fetchMock: ReturnType<typeof stubApi>['fetchMock'];
const bodies = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(
      ([, init]) =>
        JSON.parse(String(init?.body)) as { list: Array<{ key: string; value: string }> },
    );

beforeEach(() => {
  once.length = 0;
  standing = undefined;
  fetchMock = stubApi({ getStorages: next, saveStorages: next }).fetchMock;
  resetSettings();
  for (const key of Object.keys(USER_SETTING_DEFAULTS)) storage.remove(LOCAL_KEY_PREFIX + key);
});
afterEach(() => vi.unstubAllGlobals());

describe('user settings (spec §5 settings loading)', () => {
  it('converts server values to the default type; empty and missing use the default', async () => {
    once.push(() => ({
      list: [
        { key: 'eye_shield', value: '30', group: 'setting' },
        { key: 'play_bgm', value: '', group: 'setting' },
      ],
    }));
    await useSettings.getState().load();
    expect(useSettings.getState().values).toEqual({ ...USER_SETTING_DEFAULTS, eye_shield: 30 });
    expect(useSettings.getState().loadState).toBe('done');
  });

  it('sends settings missing on the server from the device, then removes them locally', async () => {
    storage.set(`${LOCAL_KEY_PREFIX}library_page_type`, '0');
    once.push(
      () => ({ list: [] }),
      () => ({ list: [] }),
    );
    await useSettings.getState().load();
    expect(useSettings.getState().values.library_page_type).toBe(0);
    expect(bodies()).toEqual([
      { group: 'setting', list: [{ key: 'library_page_type', value: '0', group: 'setting' }] },
    ]);
    expect(storage.get(`${LOCAL_KEY_PREFIX}library_page_type`)).toBeNull();
  });

  it('queues a save made while one is pending, de-duplicated by key', async () => {
    let release: (r: TStorages) => void = () => {};
    once.push(() => new Promise((r) => (release = r)));
    standing = () => ({ list: [] });
    const first = useSettings.getState().save({ eye_shield: 30 });
    const second = useSettings.getState().save({ play_bgm: 0 });
    const third = useSettings.getState().save({ play_bgm: 1, eye_shield: 45 });
    expect(useSettings.getState().saveState).toBe('pending');
    release({ list: [] });
    await Promise.all([first, second, third]);
    expect(bodies()).toEqual([
      { group: 'setting', list: [{ key: 'eye_shield', value: '30', group: 'setting' }] },
      {
        group: 'setting',
        list: [
          { key: 'eye_shield', value: '45', group: 'setting' },
          { key: 'play_bgm', value: '1', group: 'setting' },
        ],
      },
    ]);
    expect(useSettings.getState().unsaved.size).toBe(0);
  });

  it('retries failed items with the next save', async () => {
    once.push(() => httpError(503));
    await useSettings.getState().save({ kob_schedule: 67 });
    expect(useSettings.getState().saveState).toBe('error');
    expect(useSettings.getState().values.kob_schedule).toBe(67);
    once.push(() => ({ list: [] }));
    await useSettings.getState().save({ home_index: 2 });
    expect(bodies().at(-1)?.list).toEqual([
      { key: 'kob_schedule', value: '67', group: 'setting' },
      { key: 'home_index', value: '2', group: 'setting' },
    ]);
    expect(useSettings.getState().saveState).toBe('done');
  });
});

import {
  coerceSetting,
  SETTINGS_GROUP,
  settingFallback,
  USER_SETTING_KEYS,
  type UserSettingKey,
  type UserSettings,
} from '@picbook/domain';
import { create } from 'zustand';
import { appEnv } from '../platform/env';
import { storage } from '../platform/storage';
import { api } from '../request/api';

export type LoadState = 'initial' | 'loading' | 'done' | 'error';
export type SaveState = 'initial' | 'pending' | 'done' | 'error';

/** Where older app versions kept settings on the device (migrated to the server on load). */
export const LOCAL_KEY_PREFIX = 'setting_';

interface SettingsStore {
  values: UserSettings;
  loadState: LoadState;
  saveState: SaveState;
  /** Items waiting to be saved, one per key (latest value wins). */
  unsaved: Map<UserSettingKey, string>;
  /** Loads the settings; a call while a load is under way shares it. */
  load(): Promise<void>;
  save(patch: Partial<UserSettings>): Promise<void>;
}

function defaults(): UserSettings {
  const isStrictIos = appEnv().isStrictIos;
  return Object.fromEntries(
    USER_SETTING_KEYS.map((k) => [k, settingFallback(k, isStrictIos)]),
  ) as UserSettings;
}

let inFlight: Promise<void> | null = null;
/** A load already under way: a second caller (RootLayout, an account step) waits for it. */
let loading: Promise<void> | null = null;

/**
 * Server-stored user settings (spec §5 "Settings loading"): values converted to the default's
 * type, empty → default; settings missing on the server are read from the device, sent, then
 * removed locally; a save during a pending one is queued; failed saves retry with the next save;
 * items are de-duplicated by key.
 */
export const useSettings = create<SettingsStore>((set, get) => {
  /** Sends everything unsaved; one request at a time, the rest follows when it returns. */
  async function flush(): Promise<void> {
    if (inFlight) return inFlight;
    const batch = new Map(get().unsaved);
    if (batch.size === 0) return;
    set({ saveState: 'pending' });
    inFlight = (async () => {
      try {
        await api(
          'saveStorages',
          {
            body: {
              group: SETTINGS_GROUP,
              list: [...batch].map(([key, value]) => ({ key, value, group: SETTINGS_GROUP })),
            },
          },
          { silent: true },
        );
        const unsaved = new Map(get().unsaved);
        for (const [key, value] of batch) {
          if (unsaved.get(key) === value) unsaved.delete(key);
          storage.remove(LOCAL_KEY_PREFIX + key);
        }
        set({ unsaved, saveState: 'done' });
      } catch {
        // Kept in `unsaved`: the next save sends them again.
        set({ saveState: 'error' });
      } finally {
        inFlight = null;
      }
    })();
    await inFlight;
    // Saves that came in while this one was pending go now.
    if (get().saveState === 'done' && get().unsaved.size > 0) await flush();
  }

  return {
    values: defaults(),
    loadState: 'initial',
    saveState: 'initial',
    unsaved: new Map(),

    load() {
      loading ??= (async () => {
        set({ loadState: 'loading' });
        try {
          const { list } = await api(
            'getStorages',
            { query: { group: SETTINGS_GROUP } },
            { silent: true },
          );
          const fallback = defaults();
          const server = new Map(list.map((item) => [item.key, item.value]));
          const values = { ...fallback };
          const unsaved = new Map(get().unsaved);
          for (const key of USER_SETTING_KEYS) {
            const raw = server.get(key);
            if (raw !== undefined) {
              values[key] = coerceSetting(raw, fallback[key]);
              continue;
            }
            const local = storage.get(LOCAL_KEY_PREFIX + key);
            if (local !== null && local !== '') {
              values[key] = coerceSetting(local, fallback[key]);
              unsaved.set(key, String(values[key]));
            }
          }
          for (const [key, value] of get().unsaved)
            values[key] = coerceSetting(value, fallback[key]);
          set({ values, unsaved, loadState: 'done' });
          if (unsaved.size > 0) await flush();
        } catch {
          set({ loadState: 'error' });
        }
      })().finally(() => {
        loading = null;
      });
      return loading;
    },

    async save(patch) {
      const unsaved = new Map(get().unsaved);
      const values = { ...get().values };
      for (const [key, value] of Object.entries(patch) as Array<[UserSettingKey, number]>) {
        values[key] = value;
        unsaved.set(key, String(value));
      }
      set({ values, unsaved });
      await flush();
    },
  };
});

/** Test hook: forget state between tests. */
export function resetSettings(): void {
  inFlight = null;
  loading = null;
  useSettings.setState({
    values: defaults(),
    loadState: 'initial',
    saveState: 'initial',
    unsaved: new Map(),
  });
}

import type { TEntranceItem } from '@picbook/contracts';
import { type AppEnv, hasCapability, pointsAllowed } from '@picbook/domain';
import { track } from '../../shared/analytics/pingback';
import type { NativeResult } from '../../shared/bridge/bridge';
import { i18n } from '../../shared/i18n';
import { type ReturnSlot, returnHistory } from '../../shared/navigation/return-history';
import { toast } from '../../shared/toast/toast-store';
import type { shellZh } from './locales';
import type { WebScreenRequest } from './web-screen';

/** §9: link taps closer than 1 second are ignored. */
export const ENTRANCE_DEBOUNCE_MS = 1000;
/** §8: a not_support item warns for 4 seconds. */
export const NOT_SUPPORT_MS = 4000;

/** What an entrance needs from the app (injected, so the rules test without a browser). */
export interface EntranceDeps {
  env: AppEnv;
  isGuest: boolean;
  /** Tablet layouts use link_tablet, phones link_phone (else link). */
  isTablet: boolean;
  currentPath: string;
  navigate(path: string): void | Promise<void>;
  requestParental(): Promise<boolean>;
  requestLogin(): void;
  /** Shows a popup by id: -1 official accounts, -2 read camp, 0 the home popup, > 0 popup_lib. */
  showPopup(id: number): boolean;
  callNative(action: string, payload: unknown): Promise<NativeResult>;
  /** The in-app web screen outside the app. */
  openWebScreen(request: WebScreenRequest): void;
  now(): number;
}

export type EntranceOutcome = 'done' | 'ignored' | 'refused' | 'failed';

type Shell = typeof shellZh;
type ShellMessage = { [K in keyof Shell]: Shell[K] extends string ? K : never }[keyof Shell];
const t = (key: ShellMessage, options?: { code: number }) =>
  i18n.getFixedT(null, 'shell')(key, options ?? {});

/** In-app routes that remember a back key (§4): points, lottery and gift list. */
function backSlotOf(path: string): ReturnSlot | null {
  if (path.startsWith('/parents/points')) return 'pointsHome';
  if (path.startsWith('/act/lottery')) return 'lotteryWheel';
  if (path.startsWith('/parents/giftList')) return 'giftList';
  return null;
}

const needsPoints = (link: string) =>
  link.startsWith('/parents/points') || link.startsWith('/parents/giftList');

function linkOf(item: TEntranceItem, isTablet: boolean): unknown {
  return (isTablet ? item.link_tablet : item.link_phone) || item.link;
}

let lastTap = Number.NEGATIVE_INFINITY;

/** Test hook: forget the last tap. */
export function resetEntranceDebounce(): void {
  lastTap = Number.NEGATIVE_INFINITY;
}

/**
 * Runs an activity entrance (§4 action types 0–5): the 1 s tap debounce, not_support, the
 * parental flag through the gate, the §5 link checks and the §8 errors, then a tracking event
 * after success.
 */
export async function runEntrance(
  item: TEntranceItem,
  deps: EntranceDeps,
): Promise<EntranceOutcome> {
  const now = deps.now();
  if (now - lastTap < ENTRANCE_DEBOUNCE_MS) return 'ignored';
  lastTap = now;
  if (item.not_support) {
    toast.warning(item.not_support_msg || t('notSupport'), NOT_SUPPORT_MS);
    return 'refused';
  }
  if (item.parental && !(await deps.requestParental())) return 'refused';
  const outcome = await perform(item, deps);
  if (outcome === 'done') {
    track('entrance', {
      id: item.actId ?? item.id ?? null,
      type: item.action_type ?? item.type ?? null,
      title: item.title ?? null,
    });
  }
  return outcome;
}

async function perform(item: TEntranceItem, deps: EntranceDeps): Promise<EntranceOutcome> {
  const type = item.action_type ?? item.type;
  const { env } = deps;
  switch (type) {
    case 0:
    case 1: {
      const link = linkOf(item, deps.isTablet);
      if (typeof link !== 'string' || link.trim() === '') {
        toast.error(t('badLink'));
        return 'refused';
      }
      if (needsPoints(link) && !pointsAllowed(env)) {
        toast.warning(link.startsWith('/parents/giftList') ? t('noGiftList') : t('noPoints'));
        return 'refused';
      }
      if (type === 1) {
        if (!link.startsWith('/')) {
          toast.error(t('badLink'));
          return 'refused';
        }
        const slot = backSlotOf(link);
        if (slot) returnHistory.set(slot, deps.currentPath);
        await deps.navigate(link);
        return 'done';
      }
      return openWeb(link, item, deps);
    }
    case 2: {
      const id = item.popup_id ?? 0;
      if (!deps.showPopup(id)) return 'refused';
      return 'done';
    }
    case 3:
      if (!deps.isGuest) return 'ignored';
      deps.requestLogin();
      return 'done';
    case 4:
      return openMiniProgram(item, deps);
    case 5:
      return openUri(item, deps);
    default:
      return 'ignored';
  }
}

/** Type 0: the in-app web screen in the app (openWeb); in a browser, in-app paths or a new tab. */
async function openWeb(
  link: string,
  item: TEntranceItem,
  deps: EntranceDeps,
): Promise<EntranceOutcome> {
  if (deps.env.isApp) {
    const result = await deps.callNative('openWeb', {
      path: link,
      hideTopBar: item.hideTopBar ?? 0,
      orientation: item.orientation ?? 2,
      networkPolicy: item.networkPolicy ?? 0,
    });
    if (result.code !== 0) {
      toast.error(t('upgrade'));
      return 'failed';
    }
    return 'done';
  }
  if (link.startsWith('/')) {
    await deps.navigate(link);
    return 'done';
  }
  if (!/^https?:\/\//.test(link)) {
    toast.error(t('badLink'));
    return 'refused';
  }
  deps.openWebScreen({
    path: link,
    orientation: item.orientation ?? 2,
    present: 0,
    hideTopBar: item.hideTopBar ?? 0,
  });
  return 'done';
}

function appOnly(deps: EntranceDeps, capability: 'openMiniProgram' | 'openUri'): boolean {
  if (!deps.env.isApp) {
    toast.warning(t('appOnly'));
    return false;
  }
  if (!hasCapability(deps.env, capability)) {
    toast.warning(t('oldApp'));
    return false;
  }
  return true;
}

async function openMiniProgram(item: TEntranceItem, deps: EntranceDeps): Promise<EntranceOutcome> {
  const mini = item.mini_program;
  if (!mini?.userName) {
    toast.error(t('badLink'));
    return 'refused';
  }
  if (!appOnly(deps, 'openMiniProgram')) return 'refused';
  const result = await deps.callNative('openMiniProgram', {
    platform: mini.platform ?? 'weixin',
    userName: mini.userName,
    path: mini.path ?? '',
    env: mini.env ?? 'release',
  });
  if (result.code === 0) return 'done';
  toast.error(result.code === -1 ? t('installWechat') : t('miniFailed', { code: result.code }));
  return 'failed';
}

async function openUri(item: TEntranceItem, deps: EntranceDeps): Promise<EntranceOutcome> {
  if (typeof item.uri !== 'string' || item.uri.trim() === '') {
    toast.error(t('badLink'));
    return 'refused';
  }
  if (!appOnly(deps, 'openUri')) return 'refused';
  const result = await deps.callNative('openUri', { uri: item.uri });
  if (result.code === 0) return 'done';
  toast.error(t('uriFailed', { code: result.code }));
  return 'failed';
}

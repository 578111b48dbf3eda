import { hasCapability } from '@picbook/domain';
import { callNative, hasNativeBridge } from '../bridge/bridge';
import { appEnv } from '../platform/env';
import { api } from '../request/api';
import { toast } from '../toast/toast-store';

export interface ShareInput {
  /** What was shared, for the rewards and missions that count shares (e.g. lottery, poster). */
  key: string;
  text: string;
  url: string;
  detail?: Record<string, unknown>;
  /** Shown when the link was copied instead (no share sheet here). */
  copiedMessage: string;
}

export type ShareWay = 'native' | 'sheet' | 'copied' | 'cancelled';

/**
 * Shares from any screen (issue 19): the app's native share when the shell has the capability,
 * the browser's share sheet, else the link copied. A completed share is recorded with
 * POST /api/v1/share; a cancelled one is not.
 */
export async function shareFromScreen(input: ShareInput): Promise<ShareWay> {
  const way = await present(input);
  if (way !== 'cancelled') await recordShare(input.key, { ...input.detail, way });
  return way;
}

async function present(input: ShareInput): Promise<ShareWay> {
  if (hasNativeBridge() && hasCapability(appEnv(), 'share')) {
    const result = await callNative('share', { type: 'link', text: input.text, url: input.url });
    return result.code === 0 ? 'native' : 'cancelled';
  }
  if (navigator.share) {
    try {
      await navigator.share({ text: input.text, url: input.url });
      return 'sheet';
    } catch {
      return 'cancelled';
    }
  }
  await navigator.clipboard?.writeText(`${input.text} ${input.url}`).catch(() => undefined);
  toast.info(input.copiedMessage);
  return 'copied';
}

/** Records a share already made (a poster shared by a screen's own means). */
export async function recordShare(key: string, detail?: Record<string, unknown>): Promise<void> {
  await api('share', { body: { key, detail } }, { silent: true }).catch(() => undefined);
}

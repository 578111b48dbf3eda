import { type KobGuideInput, shouldShowKobGuide } from '@picbook/domain';
import { storage } from '../../shared/platform/storage';

const key = (userId: number) => `picbook.guide.kob.${userId}`;

function readHistory(userId: number): KobGuideInput['history'] {
  try {
    const v = JSON.parse(storage.get(key(userId)) ?? '{}') as Partial<KobGuideInput['history']>;
    return { lastShownDay: v.lastShownDay ?? null, count: Number(v.count) || 0 };
  } catch {
    return { lastShownDay: null, count: 0 };
  }
}

/**
 * Shell §5 kob guide: decides with the domain rule and, when it shows, counts the showing on
 * this device (once a day, three times in all).
 */
export function takeKobGuide(userId: number, input: Omit<KobGuideInput, 'history'>): boolean {
  const history = readHistory(userId);
  if (!shouldShowKobGuide({ ...input, history })) return false;
  storage.set(key(userId), JSON.stringify({ lastShownDay: input.today, count: history.count + 1 }));
  return true;
}

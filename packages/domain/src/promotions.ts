import { compareVersions } from './versions';

export interface PromotionRule {
  editions: readonly string[];
  min_web_ver: string;
  phone_only: number;
  start_time: number;
  end_time: number;
}

export interface PromotionClient {
  webVer?: string | undefined;
  edition?: string | undefined;
  asPhone?: number | undefined;
  /** Unix seconds. */
  now: number;
}

/**
 * Whether a promotion shows for a client: inside its time window (start inclusive, end
 * exclusive), for the client's edition (empty list = all), at or above the minimum web version
 * (a client that sends no version only sees promotions without a minimum), and on phones only
 * when marked phone_only.
 */
export function isPromotionActive(rule: PromotionRule, client: PromotionClient): boolean {
  if (client.now < rule.start_time || client.now >= rule.end_time) return false;
  if (rule.editions.length > 0 && !(client.edition && rule.editions.includes(client.edition))) {
    return false;
  }
  if (rule.min_web_ver) {
    if (!client.webVer || compareVersions(client.webVer, rule.min_web_ver) < 0) return false;
  }
  if (rule.phone_only === 1 && client.asPhone !== 1) return false;
  return true;
}

import {
  ACTIVITY_SLOT_PAYLOADS,
  ENTRANCE_SLOTS,
  type TActivityData,
  type TActivitySlot,
  type TEntranceItem,
  type TPopup,
} from '@picbook/contracts';
import { asc } from 'drizzle-orm';
import { sharedCache } from '../../platform/cache/change-cache';
import type { Db, Tx } from '../../platform/db/client';
import { activityRecords } from '../../platform/db/schema';

type Row = typeof activityRecords.$inferSelect;

/**
 * Every activity record in slot order. Every start of the app asks for the activity data (issue
 * 41), and only operators change the records, so while the change feed is live they are read
 * once and kept until one changes (migration 0026 announces activity_records, decision 078).
 */
const allRecords = sharedCache<Row[]>(['activity_records']);
const allActivityRecords = (db: Db | Tx): Promise<Row[]> =>
  allRecords(db, () =>
    db
      .select()
      .from(activityRecords)
      .orderBy(asc(activityRecords.slot), asc(activityRecords.position), asc(activityRecords.id)),
  );

/** Records live now (no window, or now inside it), in slot order. */
export async function liveActivityRecords(db: Db | Tx, now: Date): Promise<Row[]> {
  const rows = await allActivityRecords(db);
  return rows.filter(
    (r) => (r.startsAt === null || r.startsAt <= now) && (r.endsAt === null || r.endsAt > now),
  );
}

/**
 * The activity data of §3 from the live records: popup_lib with the record ids as popup ids,
 * auto_popups / act_popups as ids, entrance lists (points_slide without not_display entries),
 * the read camp and the two freelearn promos (the first live record of each). A record whose
 * payload no longer matches its slot's schema (a schema grew stricter) is left out, not served.
 */
export function assembleActivityData(rows: readonly Row[]): TActivityData {
  const data: TActivityData = {
    popup_lib: [],
    auto_popups: [],
    act_popups: [],
    home_pop: [],
    home_pop_2: [],
    home_pop_3: [],
    home_pop_4: [],
    home_pop_5: [],
    parents_slide: [],
    points_slide: [],
    read_camp: null,
    promo_freelearn1: null,
    promo_freelearn2: null,
  };
  for (const row of rows) {
    const slot = row.slot as TActivitySlot;
    const schema = ACTIVITY_SLOT_PAYLOADS[slot];
    if (!schema) continue;
    const parsed = schema.safeParse(row.payload);
    if (!parsed.success) continue;
    const payload = parsed.data;
    if (slot === 'popup_lib')
      data.popup_lib.push({ ...(payload as Omit<TPopup, 'id'>), id: row.id });
    else if (slot === 'auto_popups' || slot === 'act_popups') {
      data[slot].push((payload as { popup_id: number }).popup_id);
    } else if ((ENTRANCE_SLOTS as readonly string[]).includes(slot)) {
      const item = payload as TEntranceItem;
      if (slot === 'points_slide' && item.not_display) continue;
      data[slot as (typeof ENTRANCE_SLOTS)[number]].push(item);
    } else if (slot === 'read_camp' || slot === 'promo_freelearn1' || slot === 'promo_freelearn2') {
      data[slot] ??= payload as never;
    }
  }
  return data;
}

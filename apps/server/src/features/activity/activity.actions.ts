import { ACTIVITY_SLOT_PAYLOADS, ZActivitySlot } from '@picbook/contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { activityRecords } from '../../platform/db/schema';
import { invalidParams } from '../../platform/errors';
import { defineOperatorAction } from '../../platform/ops/operator-action';

const ZUnix = z.number().int().min(0).max(4_102_444_800);

export const ZActivitySave = z
  .object({
    /** Absent: a new record. */
    id: z.number().int().positive().optional(),
    slot: ZActivitySlot,
    position: z.number().int().min(0).max(10_000).default(0),
    payload: z.record(z.string(), z.unknown()),
    /** Unix seconds; null or absent: no bound. */
    starts_at: ZUnix.nullable().optional(),
    ends_at: ZUnix.nullable().optional(),
  })
  .superRefine((input, ctx) => {
    const parsed = ACTIVITY_SLOT_PAYLOADS[input.slot].safeParse(input.payload);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', path: ['payload', ...issue.path], message: issue.message });
      }
    }
    if (input.starts_at != null && input.ends_at != null && input.ends_at <= input.starts_at) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: '结束时间须晚于开始时间' });
    }
  });

const toDate = (s: number | null | undefined) => (s == null ? null : new Date(s * 1000));

/** Create or change one record of the activity data (decision 057). */
export const saveActivityAction = defineOperatorAction({
  name: 'activity.save',
  summary:
    'Create or change an activity-data record: a popup (popup_lib) with its rule, an auto or activity popup reference, a home or slide entrance, the read camp, a promo',
  roles: ['content', 'commerce'],
  input: ZActivitySave,
  async run({ tx, input, now }) {
    const values = {
      slot: input.slot,
      position: input.position,
      payload: ACTIVITY_SLOT_PAYLOADS[input.slot].parse(input.payload) as Record<string, unknown>,
      startsAt: toDate(input.starts_at),
      endsAt: toDate(input.ends_at),
      updatedAt: now,
    };
    if (input.id === undefined) {
      const [made] = await tx.insert(activityRecords).values(values).returning();
      if (!made) throw new Error('activity record not made');
      return { result: { id: made.id }, target: `activity:${made.id}`, before: null, after: made };
    }
    const [before] = await tx
      .select()
      .from(activityRecords)
      .where(eq(activityRecords.id, input.id));
    if (!before) throw invalidParams('id', '活动记录不存在');
    const [after] = await tx
      .update(activityRecords)
      .set(values)
      .where(eq(activityRecords.id, input.id))
      .returning();
    return { result: { id: input.id }, target: `activity:${input.id}`, before, after };
  },
});

export const removeActivityAction = defineOperatorAction({
  name: 'activity.remove',
  summary: 'Remove an activity-data record',
  roles: ['content', 'commerce'],
  input: z.object({ id: z.number().int().positive() }),
  async run({ tx, input }) {
    const [before] = await tx
      .delete(activityRecords)
      .where(eq(activityRecords.id, input.id))
      .returning();
    if (!before) throw invalidParams('id', '活动记录不存在');
    return { result: { id: input.id }, target: `activity:${input.id}`, before, after: null };
  },
});

export const activityActions = [saveActivityAction, removeActivityAction];

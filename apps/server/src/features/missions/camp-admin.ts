import { CAMP_KIND_VALUES } from '@picbook/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../platform/db/client';
import { books, campDays, camps } from '../../platform/db/schema';
import { invalidParams } from '../../platform/errors';
import { CAMP_PROMO_LINKS } from './camps';

export const ZCampInput = z
  .object({
    slug: z.string().regex(/^[a-z0-9-]{2,40}$/, '只能用小写字母、数字和-'),
    kind: z.enum(CAMP_KIND_VALUES),
    name: z.string().trim().min(1).max(40),
    description: z.string().max(400).default(''),
    days: z.number().int().min(1).max(60),
    levels: z.array(z.number().int().min(1).max(12)).max(12).default([]),
    reward_coins: z.number().int().min(0).max(10_000).default(0),
    reward_diamonds: z.number().int().min(0).max(1_000).default(0),
    promo: z
      .string()
      .refine((p) => p in CAMP_PROMO_LINKS, '未知的推广')
      .nullable()
      .default(null),
    active: z.boolean().default(true),
    /** Each day's book, for one level or (level 0) for every level. */
    content: z
      .array(
        z.object({
          day: z.number().int().min(1).max(60),
          level: z.number().int().min(0).max(12).default(0),
          book_id: z.number().int().min(1),
          title: z.string().trim().min(1).max(40),
        }),
      )
      .min(1)
      .max(800),
  })
  .refine((c) => c.content.every((d) => d.day <= c.days), {
    message: '内容的天数超出了活动天数',
    path: ['content'],
  });
export type CampInput = z.input<typeof ZCampInput>;

/** Creates or replaces a camp (by slug) and its days' content. */
export async function saveCamp(tx: DbOrTx, raw: CampInput): Promise<number> {
  const input = ZCampInput.parse(raw);
  const ids = [...new Set(input.content.map((d) => d.book_id))];
  const found = await tx.select({ id: books.id }).from(books).where(inArray(books.id, ids));
  const known = new Set(found.map((b) => b.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing) throw invalidParams('content.book_id', `没有这本书：${missing}`);
  const values = {
    slug: input.slug,
    kind: input.kind,
    name: input.name,
    description: input.description,
    days: input.days,
    levels: input.levels,
    rewardCoins: input.reward_coins,
    rewardDiamonds: input.reward_diamonds,
    promo: input.promo,
    active: input.active,
  };
  const [row] = await tx
    .insert(camps)
    .values(values)
    .onConflictDoUpdate({ target: camps.slug, set: values })
    .returning({ id: camps.id });
  if (!row) throw new Error('camp upsert returned no row');
  await tx.delete(campDays).where(eq(campDays.campId, row.id));
  await tx.insert(campDays).values(
    input.content.map((d) => ({
      campId: row.id,
      day: d.day,
      level: d.level,
      bookId: d.book_id,
      title: d.title,
    })),
  );
  return row.id;
}

/** A day's content for every level that has books: each level's books in order, repeated. */
export async function contentFromLibrary(tx: DbOrTx, days: number): Promise<CampInput['content']> {
  const all = await tx
    .select({ id: books.id, level: books.level, title: books.titleCn })
    .from(books)
    .orderBy(asc(books.level), asc(books.id));
  const byLevel = new Map<number, typeof all>();
  for (const b of all) byLevel.set(b.level, [...(byLevel.get(b.level) ?? []), b]);
  const content: CampInput['content'] = [];
  for (const [level, list] of byLevel) {
    for (let day = 1; day <= days; day++) {
      const book = list[(day - 1) % list.length];
      if (book) content.push({ day, level, book_id: book.id, title: `读《${book.title}》` });
    }
  }
  return content;
}

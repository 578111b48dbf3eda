import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { camps } from '../../platform/db/schema';
import { type CampInput, contentFromLibrary, saveCamp } from './camp-admin';

type Example = Omit<CampInput, 'content'>;

/** Example camps of a new installation; operators change them with camps.save. */
const EXAMPLES: Example[] = [
  {
    slug: 'freelearn-7',
    kind: 'freelearn',
    name: '0元学7天',
    description: '7天，每天读一本分级绘本，养成每天学英语的习惯。读完7天得100金币和10钻石。',
    days: 7,
    reward_coins: 100,
    reward_diamonds: 10,
  },
  {
    slug: 'freeread-7',
    kind: 'freeread',
    name: '0元读7天',
    description: '7天阅读营：每天一本绘本，读完7天解锁终身会员升级优惠。',
    days: 7,
    reward_coins: 50,
    reward_diamonds: 5,
    promo: 'lifelong',
  },
  {
    slug: 'freelearn2-21',
    kind: 'freelearn2',
    name: '21天自由学',
    description: '选一个级别，21天每天读一本这个级别的绘本。',
    days: 21,
    levels: [1, 2, 3, 4, 5],
    reward_coins: 300,
    reward_diamonds: 30,
  },
  {
    slug: 'training-14',
    kind: 'training',
    name: '分级训练营',
    description: '每个级别一个训练营：14天，每天一本本级别绘本。',
    days: 14,
    levels: [1, 2, 3, 4, 5],
    reward_coins: 200,
    reward_diamonds: 20,
  },
];

/** Adds the example camps that do not exist yet (needs the books; runs after the library sync). */
export async function seedCamps(db: Db): Promise<void> {
  const existing = await db
    .select({ slug: camps.slug })
    .from(camps)
    .where(
      inArray(
        camps.slug,
        EXAMPLES.map((e) => e.slug),
      ),
    );
  const have = new Set(existing.map((e) => e.slug));
  for (const example of EXAMPLES.filter((e) => !have.has(e.slug))) {
    const content = await contentFromLibrary(db, example.days);
    if (content.length === 0) return;
    await db.transaction((tx) => saveCamp(tx, { ...example, content }));
  }
}

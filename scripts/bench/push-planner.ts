// `npm run bench -- --only push`: the push planner's round (decision 100/104) on PostgreSQL with
// many subscribed families (PUSH_BENCH_FAMILIES, default 100 000), each with a reminder time
// between 07:30 and 21:15 China time. Two figures: the first round at 19:00 on a Monday (plans
// the families due then) and the next round 30 s later (everything due is planned: what every
// process pays every 30 s). Needs PostgreSQL: TEST_DATABASE_URL or DATABASE_URL (an admin URL;
// a fresh database is created and dropped).
import { sql } from 'drizzle-orm';
import { planPushes } from '../../apps/server/src/features/push/push-jobs';
import { createTestDatabase } from '../../apps/server/test/test-db';

const FAMILIES = Number(process.env.PUSH_BENCH_FAMILIES ?? 100_000);
process.env.TEST_DATABASE_URL ??=
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const database = await createTestDatabase();
const { db } = database;
try {
  const seeded = performance.now();
  await db.execute(sql`
    INSERT INTO users (is_guest) SELECT false FROM generate_series(1, ${FAMILIES})`);
  // 56 quarter hours from 07:30 to 21:15, spread over the families.
  await db.execute(sql`
    INSERT INTO learn_settings (user_id, daily_minutes, study_days, reminder_time)
    SELECT id, 15, '[1,2,3,4,5,6,7]'::jsonb,
      to_char(time '07:30' + ((id % 56) * interval '15 minutes'), 'HH24:MI')
    FROM users`);
  await db.execute(sql`
    INSERT INTO push_subscriptions (user_id, kind, endpoint, p256dh, auth, platform)
    SELECT id, 'web', 'https://push.example.com/bench/' || id, 'p', 'a', 'web' FROM users`);
  await db.execute(sql`ANALYZE`);
  console.log(`seeded ${FAMILIES} families in ${Math.round(performance.now() - seeded)} ms`);

  const monday1900 = new Date('2026-12-07T19:00:00+08:00');
  const round = async (label: string, now: Date) => {
    const t0 = performance.now();
    const planned = await planPushes(db, now);
    const ms = Math.round(performance.now() - t0);
    console.log(`${label}: ${ms} ms, ${planned} planned`);
    return { ms, planned };
  };
  const first = await round('first round at 19:00', monday1900);
  const steady = await round('next round at 19:00:30', new Date(monday1900.getTime() + 30_000));
  if (process.env.PUSH_BENCH_JSON) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      process.env.PUSH_BENCH_JSON,
      JSON.stringify({ families: FAMILIES, first, steady }),
    );
  }
} finally {
  await database.close();
}

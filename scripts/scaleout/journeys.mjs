// The API journeys of `npm run scaleout`, through the balancer, each proving that a piece of
// state is shared by the API processes rather than held by one of them.
import fs from 'node:fs';
import path from 'node:path';
import { call, Failed, fresh, guest, ok } from './client.mjs';

const TRIAL_BOOK = 1101;

/** A phone's newest login code, read from the development outbox (a database table). */
async function latestPin(base, pin, mobile) {
  const res = await call(base, 'GET', '/dev/sms-outbox', { pin });
  const found = ok(res, 'sms outbox', pin).find((m) => m.mobile === mobile && m.action === 'login');
  if (!found) throw new Failed(`no code for ${mobile} in the outbox`);
  return found.pin;
}

const sendCode = (base, pin, mobile, device) =>
  call(base, 'GET', `/api/v1/sms?mobile=${mobile}&nation_code=86&action=login`, {
    pin,
    device,
  });

/** A phone account logged in through the real SMS flow; answers { token, userId }. */
export async function phoneUser(base, pin) {
  const mobile = fresh.phone();
  const device = fresh.device();
  ok(await sendCode(base, pin, mobile, device), 'send code', pin);
  const code = await latestPin(base, pin, mobile);
  const data = ok(
    await call(base, 'POST', '/api/v1.1/login', {
      pin,
      device,
      json: { type: 'phone', mobile, nation_code: '86', pin: code },
    }),
    'phone login',
    pin,
  );
  return { token: data.access_token, userId: data.user.id, device };
}

/** Requests without a pin go round-robin: both processes answer. */
export async function roundRobin({ base, names }) {
  const seen = {};
  for (let i = 0; i < 10; i++) {
    const res = await call(base, 'GET', '/api/serverinfo');
    ok(res, 'serverinfo');
    seen[res.instance] = (seen[res.instance] ?? 0) + 1;
  }
  const missing = names.filter((n) => !seen[n]);
  if (missing.length)
    throw new Failed(`never answered: ${missing.join(', ')} (${JSON.stringify(seen)})`);
  return `10 requests answered by ${Object.entries(seen)
    .map(([n, c]) => `${n} ×${c}`)
    .join(', ')}`;
}

/**
 * A code sent by one process, the resend refused by the other (1 per 60 s per phone, in Redis),
 * login on the first, the token used and then logged out on the second, refused on the first.
 */
export async function loginAcross({ base, a, b }) {
  const mobile = fresh.phone();
  const device = fresh.device();
  ok(await sendCode(base, a, mobile, device), `send code on ${a}`, a);
  const again = await sendCode(base, b, mobile, fresh.device());
  if (again.instance !== b || again.body?.code !== 10429)
    throw new Failed(
      `a second code within 60 s on ${b} answered ${again.instance} ${JSON.stringify(again.body)}, not 10429`,
    );
  const code = await latestPin(base, b, mobile);
  const login = ok(
    await call(base, 'POST', '/api/v1.1/login', {
      pin: a,
      device,
      json: { type: 'phone', mobile, nation_code: '86', pin: code },
    }),
    `login on ${a}`,
    a,
  );
  const token = login.access_token;
  const me = ok(await call(base, 'GET', '/api/v1/user', { pin: b, token }), `user on ${b}`, b);
  if (me.id !== login.user.id) throw new Failed(`${b} sees user ${me.id}, not ${login.user.id}`);
  ok(
    await call(base, 'POST', '/api/v1/user/logout', { pin: b, token, json: {} }),
    `logout on ${b}`,
    b,
  );
  const after = await call(base, 'GET', '/api/v1/user', { pin: a, token });
  if (after.instance !== a || after.body?.code === 0)
    throw new Failed(`after logout on ${b}, ${after.instance} still accepts the token`);
  return [
    `code sent by ${a}; resend within 60 s refused by ${b} (10429, retry_after ${again.body.data?.retry_after} s)`,
    `code read from the outbox on ${b}, login on ${a} → user ${login.user.id}`,
    `token used on ${b} (same user), logged out on ${b}, then refused on ${a} (code ${after.body?.code})`,
  ].join('\n      ');
}

/**
 * The per-device SMS cap (10 an hour) counted across processes: 10 sends alternating between
 * them pass, the 11th is refused by each (in-process limits would allow 10 on each, 20).
 */
export async function smsDeviceCap({ base, names }) {
  const device = fresh.device();
  const per = Object.fromEntries(names.map((n) => [n, 0]));
  for (let i = 0; i < 10; i++) {
    const pin = names[i % names.length];
    ok(await sendCode(base, pin, fresh.phone(), device), `send ${i + 1} on ${pin}`, pin);
    per[pin]++;
  }
  const refused = [];
  for (const pin of names) {
    const res = await sendCode(base, pin, fresh.phone(), device);
    if (res.instance !== pin || res.body?.code !== 10429)
      throw new Failed(`11th send on ${pin}: ${res.instance} answered ${JSON.stringify(res.body)}`);
    refused.push(pin);
  }
  return `10 sends from one device (${Object.entries(per)
    .map(([n, c]) => `${c} on ${n}`)
    .join(', ')}) pass; the 11th is refused by ${refused.join(' and ')} (10429)`;
}

/** A recording uploaded to one process (judged there, put in the bucket) and served by the other. */
export async function recordingAcross({ base, a, b, repoRoot, s3 }) {
  const token = await guest(base, a);
  const wav = fs.readFileSync(path.join(repoRoot, 'packages/speech/test-fixtures/kite.wav'));
  const data = ok(
    await call(base, 'POST', '/api/v1/audio', {
      pin: a,
      token,
      form: {
        fields: {
          uuid: fresh.id('run'),
          book_id: TRIAL_BOOK,
          secondary_id: 2,
          content_id: 'p2s1',
          type: 1,
          duration: 2,
        },
        file: wav,
        fileField: 'audio',
      },
    }),
    `upload on ${a}`,
    a,
  );
  const url = new URL(data.audio_url, base);
  const key = /\/uploads\/([^?]+)/.exec(url.pathname)?.[1];
  if (!key) throw new Failed(`odd audio_url ${data.audio_url}`);
  const inBucket =
    fs.existsSync(path.join(s3.dir, s3.bucket, key)) || findFile(s3.dir, path.basename(key));
  if (!inBucket) throw new Failed(`${key} is not in s3rver's folder`);
  const whole = await call(base, 'GET', `${url.pathname}${url.search}`, { pin: b });
  if (whole.instance !== b || whole.status !== 200 || !whole.bytes.equals(wav))
    throw new Failed(`${b} served ${whole.status} (${whole.bytes.length} bytes) for ${key}`);
  const part = await call(base, 'GET', `${url.pathname}${url.search}`, {
    pin: b,
    headers: { range: 'bytes=0-11' },
  });
  if (part.status !== 206 || part.bytes.subarray(0, 4).toString('latin1') !== 'RIFF')
    throw new Failed(`range on ${b}: ${part.status}`);
  return `recording ${key} (${wav.length} bytes, score ${data.score}) stored by ${a} into the bucket; served by ${b}: whole (same bytes) and a range (206)`;
}

function findFile(dir, name) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.name.startsWith(name)) return true;
  }
  return false;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Acknowledged writes while one process is SIGKILLed: `workers` clients exchange points for the
 * coins pack (100 points → 100 coins), each exchange with its own request_id, and save reading
 * progress as guests. A request that is not acknowledged (the process died under it) is
 * retried with the same request_id until it is. Afterwards the database must hold every
 * acknowledged exchange once, and points, coins and the ledger must agree.
 */
export async function killMidRun({ base, a, victim, db, total, workers, onKill }) {
  const user = await phoneUser(base, a);
  const ops = ok(
    await call(base, 'POST', '/api/ops/login', {
      pin: a,
      json: { username: 'dev', password: 'picbook-dev' },
    }),
    'operator login',
    a,
  );
  const granted = total * 100 + 1000;
  ok(
    await call(base, 'POST', '/api/ops/actions/points.grant', {
      pin: a,
      headers: { ops_token: ops.token },
      json: {
        input: { user_id: user.userId, points: granted, request_id: fresh.id('grant') },
        reason: 'scale-out check',
      },
    }),
    'points.grant',
    a,
  );
  const goods = ok(
    await call(base, 'GET', '/api/v1/points_mall/goods/list', { pin: a, token: user.token }),
    'goods list',
    a,
  );
  const pack = goods.list.find((g) => g.kind === 'coins');
  if (!pack) throw new Failed('no coins pack among the goods');

  const readers = await Promise.all(Array.from({ length: workers }, () => guest(base, a)));
  const acknowledged = new Set();
  const progressAck = new Map();
  const byInstance = {};
  let unacknowledged = 0;
  let issued = 0;
  let killed = false;
  let killedAt = 0;
  let killTime = 0;
  /** Exchanges that needed more than one attempt. */
  const retried = new Set();
  const killAfter = Math.floor(total / 3);

  const until = async (send, onRetry) => {
    for (let attempt = 0; attempt < 50; attempt++) {
      if (attempt > 0) onRetry?.();
      let res = null;
      try {
        res = await send();
      } catch {
        res = null; // the connection died with the process
      }
      if (res?.status === 200 && res.body?.code === 0) {
        byInstance[res.instance] = (byInstance[res.instance] ?? 0) + 1;
        return res.body.data;
      }
      if (res && res.status < 500 && res.body?.code !== 0 && res.status !== 429)
        throw new Failed(`refused: ${res.status} ${JSON.stringify(res.body)}`);
      unacknowledged++;
      await sleep(50);
    }
    throw new Failed('never acknowledged after 50 attempts');
  };

  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      const reader = readers[w];
      let page = 0;
      while (issued < total) {
        issued++;
        if (!killed && acknowledged.size >= killAfter) {
          killed = true;
          killedAt = acknowledged.size;
          killTime = Date.now();
          onKill();
        }
        const requestId = fresh.id('xchg');
        await until(
          () =>
            call(base, 'POST', '/api/v1/points_mall/goods/exchange', {
              token: user.token,
              json: { item_id: pack.item_id, sku_id: pack.sku_id, request_id: requestId },
            }),
          () => retried.add(requestId),
        );
        acknowledged.add(requestId);
        // Reading progress of a trial book, pages 1…5 again and again (forward-only): the
        // acknowledged page must be what the database holds, or later.
        page = (page % 5) + 1;
        const data = await until(() =>
          call(base, 'POST', `/api/v1/user/process/${TRIAL_BOOK}`, {
            token: reader,
            json: { process: String(page).padStart(3, '0'), type: 'read', finished: 0 },
          }),
        );
        progressAck.set(w, Math.max(progressAck.get(w) ?? 0, Number(data.process ?? page)));
      }
    }),
  );

  // What the database holds.
  const orders = await db.query(
    `SELECT request_id, (extract(epoch from created_at) * 1000)::bigint AS at
       FROM points_orders WHERE user_id = $1 AND cancelled_at IS NULL`,
    [user.userId],
  );
  // A retried exchange whose order was written before the kill: the first attempt committed,
  // its answer died with the process, and the retry was answered from the stored order.
  const committedThenRetried = orders.filter(
    (o) => retried.has(o.request_id) && Number(o.at) < killTime,
  ).length;
  const stored = new Set(orders.map((o) => o.request_id));
  const lost = [...acknowledged].filter((id) => !stored.has(id));
  const extra = orders.length - stored.size;
  const unknown = [...stored].filter((id) => !acknowledged.has(id));
  const [balance] = await db.query('SELECT points, coins FROM user_balances WHERE user_id = $1', [
    user.userId,
  ]);
  const ledger = await db.query(
    `SELECT currency, sum(delta)::int AS total, count(*)::int AS n
       FROM ledger_entries WHERE user_id = $1 GROUP BY currency`,
    [user.userId],
  );
  const sum = Object.fromEntries(ledger.map((r) => [r.currency, r]));
  const problems = [];
  if (lost.length) problems.push(`${lost.length} acknowledged exchanges missing`);
  if (extra) problems.push(`${extra} orders share a request id`);
  if (unknown.length) problems.push(`${unknown.length} orders nobody acknowledged`);
  if (stored.size !== acknowledged.size)
    problems.push(`${stored.size} orders for ${acknowledged.size} acknowledged exchanges`);
  if (balance.points !== granted - 100 * stored.size)
    problems.push(`points ${balance.points}, expected ${granted - 100 * stored.size}`);
  if (balance.coins !== 100 * stored.size)
    problems.push(`coins ${balance.coins}, expected ${100 * stored.size}`);
  if (sum.points?.total !== balance.points || sum.coins?.total !== balance.coins)
    problems.push(
      `ledger sums ${JSON.stringify(sum)} differ from the balances ${JSON.stringify(balance)}`,
    );
  const progress = await db.query(
    'SELECT user_id, process FROM reading_progress WHERE book_id = $1',
    [TRIAL_BOOK],
  );
  const readerIds = await Promise.all(
    readers.map(async (token) => ok(await call(base, 'GET', '/api/v1/user', { token }), 'user').id),
  );
  readerIds.forEach((id, w) => {
    const row = progress.find((p) => p.user_id === id);
    if (!row || Number(row.process) < (progressAck.get(w) ?? 0))
      problems.push(
        `reader ${id}: page ${row?.process} stored, ${progressAck.get(w)} acknowledged`,
      );
  });
  if (!killed) problems.push('the stream ended before the kill');
  if (problems.length) throw new Failed(problems.join('; '));
  return [
    `${acknowledged.size} exchanges and ${acknowledged.size} progress saves acknowledged by ${Object.entries(
      byInstance,
    )
      .map(([n, c]) => `${n} ×${c}`)
      .join(', ')}; ${victim} SIGKILLed after ${killedAt} exchanges`,
    `${unacknowledged} requests unanswered or failed (502/refused) and retried with the same request id; ${retried.size} of them exchanges, ${committedThenRetried} of which had committed before the kill (the retry got the stored order, not a second one)`,
    `database: ${stored.size} orders, one per acknowledged request id, none unacknowledged; points ${granted} → ${balance.points} (−100 × ${stored.size}), coins ${balance.coins}; ledger sums equal the balances (${sum.points.n} points entries, ${sum.coins.n} coins entries)`,
    `reading progress: all ${workers} readers hold their acknowledged page or later`,
  ].join('\n      ');
}

// Which processes and threads use the CPU while a page first loads (issue 41, decision 116): a
// primed guest opens the page in Debian's Chromium with the bench's flags and a fresh profile per
// load; every thread's CPU time is read from /proc before and after the load, and the difference is
// summed by process kind (browser, renderer, gpu-process, utility:<service>, the server when its
// pid is given) and thread name. On a two-core host every other thread's CPU stretches the page's
// main-thread tasks, which Lighthouse's simulation multiplies by the slowdown. Linux only.
//   node scripts/bench/thread-cpu.mjs --base http://127.0.0.1:8390 --path /library [--runs 3]
//     [--window 700] [--server-pid <pid>]
// --window N: N ms from the navigation's start, instead of the load event plus 2 s.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { LANDSCAPE_PHONE_CONTEXT, openPrimedProfile } from './lighthouse.mjs';
import { benchUser } from './reader.mjs';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:8390' },
    path: { type: 'string', default: '/library' },
    runs: { type: 'string', default: '3' },
    window: { type: 'string' },
    'server-pid': { type: 'string' },
  },
});
const { base, path: route } = values;
const runs = Number(values.runs);
const serverPid = Number(values['server-pid'] ?? Number.NaN);
/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICK_MS = 10;

/** The process kind of a Chromium command line, or null for another program. */
function kindOf(pid, cmdline) {
  if (pid === serverPid) return 'server';
  if (!/chrom/.test(cmdline)) return null;
  const type = cmdline.match(/--type=([a-z-]+)/)?.[1] ?? 'browser';
  const service = cmdline
    .match(/--utility-sub-type=([\w.]+)/)?.[1]
    .split('.')
    .pop();
  return service ? `${type}:${service}` : type;
}

/** Every thread of Chromium's processes (and the server's): its key and CPU ticks so far. */
function snapshot() {
  const threads = new Map();
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    let kind;
    try {
      kind = kindOf(Number(pid), fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    } catch {
      continue;
    }
    if (!kind) continue;
    let tids = [];
    try {
      tids = fs.readdirSync(`/proc/${pid}/task`);
    } catch {}
    for (const tid of tids) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        // The thread's name, without the pool index (ThreadPoolForegroundWorker3 → …Worker).
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/\d+$/, '');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        threads.set(`${pid}/${tid}`, {
          key: `${kind} ${name}`,
          ticks: Number(fields[11]) + Number(fields[12]),
        });
      } catch {}
    }
  }
  return threads;
}

const token = await benchUser(base);
const total = new Map();
for (let i = 0; i < runs; i++) {
  const { page, close } = await openPrimedProfile({
    base,
    token,
    prefix: 'picbook-threads-',
    options: LANDSCAPE_PHONE_CONTEXT,
  });
  try {
    const before = snapshot();
    if (values.window) {
      const loading = page.goto(`${base}${route}`).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, Number(values.window)));
      await loading;
    } else {
      await page.goto(`${base}${route}`, { waitUntil: 'load' });
      await page.waitForTimeout(2000);
    }
    for (const [id, { key, ticks }] of snapshot()) {
      const used = ticks - (before.get(id)?.ticks ?? 0);
      if (used > 0) total.set(key, (total.get(key) ?? 0) + used);
    }
  } finally {
    await close();
  }
}
console.log(
  `${route}: CPU by process and thread, mean of ${runs} load(s), ${values.window ? `${values.window} ms from the start` : 'to the load event + 2 s'}`,
);
for (const [key, ticks] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
  console.log(`${String(Math.round((ticks * TICK_MS) / runs)).padStart(6)} ms  ${key}`);
}

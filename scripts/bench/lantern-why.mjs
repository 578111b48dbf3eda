// Which requests and main-thread tasks make Lighthouse's simulated LCP / FCP (Lantern), and which
// tasks make its total blocking time (each top-level task with its simulated TBT share, its
// scripts and what ran in it), from artifacts kept with BENCH_LIGHTHOUSE_ARTIFACTS=dir:
//   node scripts/bench/lantern-why.mjs dir [--tasks-only] [--deps]
// --deps: each request of the LCP graphs also names its HTTP/1.1 connection and what it waited for
// (the requests and tasks it depends on, `cpu@t` = the task that started t ms into the load).
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { TotalBlockingTime } from 'lighthouse/core/computed/metrics/total-blocking-time.js';
import { TBTImpactTasks } from 'lighthouse/core/computed/tbt-impact-tasks.js';
import { loadArtifacts } from 'lighthouse/core/lib/asset-saver.js';

const dir = process.argv[2];
const showDeps = process.argv.includes('--deps');
const artifacts = await loadArtifacts(dir);
const settings = artifacts.settings;
const context = { computedCache: new Map(), settings };
const data = {
  trace: artifacts.Trace,
  devtoolsLog: artifacts.DevtoolsLog,
  gatherContext: artifacts.GatherContext,
  settings,
  URL: artifacts.URL,
  SourceMaps: artifacts.SourceMaps,
  simulator: null,
};
const show = (label, estimate, t0) => {
  console.log(`\n${label}: ${estimate.timeInMs.toFixed(0)} ms`);
  const rows = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, t] of rows) {
    const what =
      node.type === 'network'
        ? `${node.request.resourceType ?? ''} ${node.request.priority} ${node.request.url.slice(-60)} ${node.request.transferSize}B`
        : `cpu ${(node.duration / 1000).toFixed(1)} ms obs @${((node.startTime - t0) / 1000).toFixed(0)}: ${[...new Set(node.getEvaluateScriptURLs())].map((u) => u.slice(-30)).join(' ')} ${node.childEvents
            .filter((e) =>
              [
                'FunctionCall',
                'TimerFire',
                'EventDispatch',
                'Layout',
                'Paint',
                'ParseHTML',
                'XHRReadyStateChange',
                'FireAnimationFrame',
                'RunMicrotasks',
                'v8.evaluateModule',
              ].includes(e.name),
            )
            .map((e) => e.name)
            .slice(0, 6)
            .join(',')}`;
    const deps =
      showDeps && node.type === 'network'
        ? ` c${node.request.connectionId} ← ${node
            .getDependencies()
            .map((d) =>
              d.type === 'network'
                ? d.request.url.split('/').pop().slice(0, 30)
                : `cpu@${((d.startTime - t0) / 1000).toFixed(0)}`,
            )
            .join(', ')}`
        : '';
    console.log(
      `${t.startTime.toFixed(0).padStart(6)} → ${t.endTime.toFixed(0).padStart(6)}  ${what}${deps}`,
    );
  }
};
/**
 * The top-level main-thread tasks that count towards TBT (or last 8 ms and more, observed), in
 * order: observed time, simulated TBT share, the scripts they ran and their time by kind
 * (Lighthouse's groups), and the trace events that took the time (timer, microtasks, layout…).
 */
async function showTasks() {
  const tbt = await TotalBlockingTime.request(data, context);
  const tasks = (await TBTImpactTasks.request(data, context)).filter((t) => !t.parent);
  const start = Math.min(...tasks.map((t) => t.startTime));
  const observed = tasks.reduce((n, t) => n + t.duration, 0);
  // Thread time (the trace's tdur): the CPU the main thread really used, which a busy machine
  // stretches far less than wall time; "blocking" is TBT's rule applied to it at the run's slowdown.
  const slowdown = settings.throttling?.cpuSlowdownMultiplier ?? 1;
  const cpuOf = (t) => (t.event.tdur ?? t.event.dur ?? 0) / 1000;
  const cpu = tasks.reduce((n, t) => n + cpuOf(t), 0);
  const blocking = tasks.reduce((n, t) => n + Math.max(0, cpuOf(t) * slowdown - 50), 0);
  console.log(
    `\nTBT ${tbt.timing.toFixed(0)} ms; main thread ${observed.toFixed(0)} ms observed (${cpu.toFixed(0)} ms CPU; blocking from CPU at ${slowdown}× ${blocking.toFixed(0)} ms) in ${tasks.length} top-level tasks`,
  );
  const events = new Set([
    'FunctionCall',
    'TimerFire',
    'EventDispatch',
    'v8.evaluateModule',
    'EvaluateScript',
    'RunMicrotasks',
    'FireAnimationFrame',
    'ParseHTML',
    'Layout',
    'XHRReadyStateChange',
  ]);
  for (const task of tasks.filter((t) => t.duration >= 8 || t.tbtImpact > 0)) {
    const kinds = {};
    const what = [];
    const walk = (node, depth) => {
      kinds[node.group.label] = (kinds[node.group.label] ?? 0) + node.selfTime;
      for (const child of node.children) {
        const d = child.event.args?.data;
        if (events.has(child.event.name) && child.duration >= 3 && depth < 3)
          what.push(
            `${child.event.name}${d?.functionName ? `:${d.functionName}` : ''} ${child.duration.toFixed(0)}`,
          );
        walk(child, depth + 1);
      }
    };
    walk(task, 0);
    const scripts = [...new Set(task.attributableURLs)].map((u) => u.split('/').pop()).join(' ');
    const byKind = Object.entries(kinds)
      .filter(([, ms]) => ms >= 1)
      .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
      .join(', ');
    console.log(
      `@${(task.startTime - start).toFixed(0).padStart(5)} ${task.duration.toFixed(1).padStart(6)} ms obs, ${cpuOf(task).toFixed(1).padStart(5)} ms CPU, TBT +${task.tbtImpact.toFixed(0).padStart(4)}  ${scripts} | ${byKind}${what.length ? `\n        ${what.slice(0, 8).join(' ; ')}` : ''}`,
    );
  }
}

if (process.argv.includes('--tasks-only')) {
  await showTasks();
  process.exit(0);
}

const fcp = await LanternFirstContentfulPaint.request(data, context);
const lcp = await LanternLargestContentfulPaint.request(data, context);
const t0 =
  [...lcp.pessimisticEstimate.nodeTimings.keys()].find((n) => n.type === 'network')?.startTime ?? 0;
console.log(
  `FCP ${fcp.timing.toFixed(0)} (opt ${fcp.optimisticEstimate.timeInMs.toFixed(0)}, pess ${fcp.pessimisticEstimate.timeInMs.toFixed(0)}); LCP ${lcp.timing.toFixed(0)}`,
);
show('LCP optimistic', lcp.optimisticEstimate, t0);
show('LCP pessimistic', lcp.pessimisticEstimate, t0);
await showTasks();

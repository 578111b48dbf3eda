// Which requests and main-thread tasks make Lighthouse's simulated LCP / FCP (Lantern), from
// artifacts kept with BENCH_LIGHTHOUSE_ARTIFACTS=dir: node scripts/bench/lantern-why.mjs dir
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { loadArtifacts } from 'lighthouse/core/lib/asset-saver.js';

const dir = process.argv[2];
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
    console.log(
      `${t.startTime.toFixed(0).padStart(6)} → ${t.endTime.toFixed(0).padStart(6)}  ${what}`,
    );
  }
};
const fcp = await LanternFirstContentfulPaint.request(data, context);
const lcp = await LanternLargestContentfulPaint.request(data, context);
const t0 =
  [...lcp.pessimisticEstimate.nodeTimings.keys()].find((n) => n.type === 'network')?.startTime ?? 0;
console.log(
  `FCP ${fcp.timing.toFixed(0)} (opt ${fcp.optimisticEstimate.timeInMs.toFixed(0)}, pess ${fcp.pessimisticEstimate.timeInMs.toFixed(0)}); LCP ${lcp.timing.toFixed(0)}`,
);
show('LCP optimistic', lcp.optimisticEstimate, t0);
show('LCP pessimistic', lcp.pessimisticEstimate, t0);

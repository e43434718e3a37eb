/**
 * Which requests and main-thread tasks Lighthouse's simulation (Lantern) counts before a run's largest contentful
 * paint, and when it puts each: `npx tsx scripts/lighthouse-lcp-graph.ts <artifacts folder>` (a folder written by
 * `LIGHTHOUSE_ARTIFACTS=1 npx tsx scripts/lighthouse.ts`: Lighthouse's -GA). Lantern keeps every request that ended
 * before the observed LCP and the tasks that started before it and ran a script of those requests or laid out the
 * page (the pessimistic graph), simulates them on the throttled phone, and takes the latest end (issue 33, decision
 * 0017 session 13). Prints the observed FCP/LCP, both estimates and the nodes of the pessimistic graph by simulated
 * end; a diagnosis, not a test.
 */
import { loadArtifacts } from 'lighthouse/core/lib/asset-saver.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { ProcessedNavigation } from 'lighthouse/core/computed/processed-navigation.js';

interface GraphNode {
  type: 'network' | 'cpu';
  id: string;
  startTime: number;
  endTime: number;
  request?: { url: string; resourceType?: string; transferSize?: number };
  childEvents?: { name: string }[];
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, { startTime: number; endTime: number }>;
}

const folder = process.argv[2];
if (!folder) throw new Error('usage: npx tsx scripts/lighthouse-lcp-graph.ts <artifacts folder>');
const artifacts = loadArtifacts(folder);
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
const navigation = await ProcessedNavigation.request(artifacts.Trace, context);
const lcp = (await LanternLargestContentfulPaint.request(data, context)) as {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
};
const origin = navigation.timestamps.timeOrigin;
const ms = (microseconds: number) => `${Math.round((microseconds - origin) / 1000)}`.padStart(6);
console.log(`observed FCP ${ms(navigation.timestamps.firstContentfulPaint)} ms, LCP ${ms(navigation.timestamps.largestContentfulPaint ?? 0)} ms`);
console.log(
  `simulated LCP ${Math.round(lcp.timing)} ms (optimistic ${Math.round(lcp.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(lcp.pessimisticEstimate.timeInMs)})`,
);
const describe = (node: GraphNode) => {
  if (node.type === 'network') return `${node.request!.resourceType ?? ''} ${node.request!.url.replace(/^https?:\/\/[^/]+/, '')}`.slice(0, 110);
  const names = [...new Set((node.childEvents ?? []).map((event) => event.name))].filter((name) => !/^(ProfileChunk|RunTask)$/.test(name));
  return `cpu ${names.slice(0, 6).join(',')}`.slice(0, 110);
};
for (const [label, estimate] of [
  ['pessimistic', lcp.pessimisticEstimate],
  ['optimistic', lcp.optimisticEstimate],
] as const) {
  const rows = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].endTime - b[1].endTime);
  const cpu = rows.filter(([node]) => node.type === 'cpu').reduce((sum, [, timing]) => sum + timing.endTime - timing.startTime, 0);
  console.log(`\n${label}: ${rows.length} nodes (${rows.filter(([node]) => node.type === 'network').length} requests), simulated CPU ${Math.round(cpu)} ms`);
  console.log('   sim start    sim end   obs start    obs end  node');
  for (const [node, timing] of rows) {
    console.log(`${String(Math.round(timing.startTime)).padStart(12)} ${String(Math.round(timing.endTime)).padStart(10)} ${ms(node.startTime).padStart(11)} ${ms(node.endTime).padStart(10)}  ${describe(node)}`);
  }
}

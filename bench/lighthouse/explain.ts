// Where a Lighthouse score's simulated times come from (issue 14). Lighthouse's default throttling
// does not slow the load down: it records it unthrottled and then Lantern, its model, replays part
// of the recorded dependency graph on a simulated slow 4G link with a 4× slower CPU. This module
// recomputes FCP, LCP and TBT from one run's artifacts and lists what each replay held:
//   - FCP and LCP: every request (priority, initiator, bytes, simulated start → end) and every
//     main-thread task (observed ms) in the metric's graph. The metric is the end of that graph.
//   - TBT: the tasks of 50 ms or more in the replay of the whole load, marked `blocking` when they
//     start after the simulated FCP (only those count).
// Lighthouse 12.2.3's own computed artifacts do the work, so the figures are the score's figures.
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';

/** The parts of Lantern's graph nodes and estimates read here. */
interface GraphNode {
  type: 'network' | 'cpu';
  duration: number;
  initiatorType?: string;
  request?: { url: string; priority: string; resourceType?: string; transferSize: number };
  childEvents?: Array<{ name: string; dur?: number }>;
  traverse(visit: (node: GraphNode) => void): void;
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, { startTime: number; endTime: number }>;
}
interface LanternResult {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
  pessimisticGraph: GraphNode;
}
interface ComputedMetric {
  request(data: unknown, context: unknown): Promise<LanternResult>;
}

/** What a run leaves that Lantern needs: Lighthouse's artifacts and the run's settings. */
export interface RunArtifacts {
  artifacts: { Trace: unknown; DevtoolsLog: unknown; GatherContext: unknown; URL: unknown };
  settings: unknown;
}

export async function explainRun({ artifacts, settings }: RunArtifacts): Promise<string> {
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    URL: artifacts.URL,
    settings,
    simulator: null,
  };
  const context = { computedCache: new Map(), settings };
  const compute = (metric: unknown) => (metric as ComputedMetric).request(data, context);
  const [fcp, lcp, tbt] = await Promise.all([
    compute(LanternFirstContentfulPaint),
    compute(LanternLargestContentfulPaint),
    compute(LanternTotalBlockingTime),
  ]);
  return [
    ...lcpCandidates(artifacts.Trace),
    describeMetric('FCP', fcp),
    describeMetric('LCP', lcp),
    `  TBT ${ms(tbt.timing)} ms; tasks of 50 ms or more in the replay of the whole load (pessimistic):`,
    ...longTasks(tbt.pessimisticEstimate, fcp.timing),
  ].join('\n');
}

/**
 * The largest-paint candidates Chromium reported in the observed load, in order (Lighthouse's
 * `largest-contentful-paint-element` audit fails in Debian's Chromium: its RootCauses gatherer
 * throws). A later, larger candidate, such as the live page replacing the pre-rendered copy with a
 * bigger element, moves the observed LCP and with it everything Lantern counts before it.
 */
function lcpCandidates(trace: unknown): string[] {
  const events = (trace as { traceEvents: TraceEvent[] }).traceEvents;
  const candidates = events.filter((event) => event.name === 'largestContentfulPaint::Candidate');
  // The page's own navigation: Lighthouse opens about:blank first.
  const start = events
    .filter(
      (event) =>
        event.name === 'navigationStart' &&
        event.args?.data?.isLoadingMainFrame === true &&
        String(event.args.data.documentLoaderURL).startsWith('http') &&
        event.ts <= (candidates[0]?.ts ?? Infinity),
    )
    .at(-1)?.ts;
  return [
    `  largest-paint candidates (observed): ${candidates.length}`,
    ...candidates.map((event) => {
      const data = event.args?.data ?? {};
      const at = start === undefined ? '?' : ms((event.ts - start) / 1000);
      return `    ${String(at).padStart(5)} ms  ${String(data.type)} ${String(data.size)} px²  node ${String(data.nodeId)}`;
    }),
  ];
}

interface TraceEvent {
  name: string;
  ts: number;
  args?: { data?: Record<string, unknown> };
}

/** A metric is the mean of its optimistic and pessimistic replays; the pessimistic graph holds more. */
function describeMetric(name: string, result: LanternResult): string {
  const lines = [
    `  ${name} ${ms(result.timing)} ms = mean of optimistic ${ms(result.optimisticEstimate.timeInMs)} and pessimistic ${ms(result.pessimisticEstimate.timeInMs)}; the pessimistic graph:`,
  ];
  const rows: Array<[number, string]> = [];
  result.pessimisticGraph.traverse((node) => {
    const timing = result.pessimisticEstimate.nodeTimings.get(node);
    if (!timing) return;
    const span = `${String(ms(timing.startTime)).padStart(5)} → ${String(ms(timing.endTime)).padStart(5)}`;
    if (node.type === 'network' && node.request) {
      const { url, priority, resourceType, transferSize } = node.request;
      rows.push([
        timing.startTime,
        `    ${span}  ${priority.padEnd(8)} ${String(node.initiatorType).padEnd(7)} ${String(resourceType).padEnd(10)} ${(transferSize / 1000).toFixed(1).padStart(5)} kB  ${new URL(url).pathname}`,
      ]);
    } else {
      rows.push([timing.startTime, `    ${span}  task, ${(node.duration / 1000).toFixed(1)} ms observed: ${taskSummary(node)}`]);
    }
  });
  return [...lines, ...rows.sort((a, b) => a[0] - b[0]).map(([, line]) => line)].join('\n');
}

function longTasks(estimate: Estimate, fcpMs: number): string[] {
  return [...estimate.nodeTimings]
    .filter(([node, timing]) => node.type === 'cpu' && timing.endTime - timing.startTime >= 50)
    .sort((a, b) => a[1].startTime - b[1].startTime)
    .map(([node, timing]) => {
      const simulated = timing.endTime - timing.startTime;
      const verdict = timing.startTime >= fcpMs ? `blocking ${ms(simulated - 50)} ms` : 'before FCP';
      return `    ${String(ms(timing.startTime)).padStart(5)} → ${String(ms(timing.endTime)).padStart(5)}  ${(node.duration / 1000).toFixed(1)} ms observed, ${verdict}: ${taskSummary(node)}`;
    });
}

/** The task's longest distinct trace events, enough to tell parsing from layout from a script. */
function taskSummary(node: GraphNode): string {
  const names = (node.childEvents ?? [])
    .filter((event) => (event.dur ?? 0) >= 1000)
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .map((event) => event.name);
  return [...new Set(names)].slice(0, 4).join(', ') || 'short events only';
}

const ms = (value: number) => Math.round(value);

// What `npm run bench:api` measures inside a process besides its throughput and latency: where a request's tail
// time goes. Event-loop delay (perf_hooks.monitorEventLoopDelay, 1 ms resolution), garbage-collection pauses by
// kind (PerformanceObserver 'gc'), and the data API pipeline's own figures (server/src/db/pipeline/diagnostics.ts):
// how long each request waited for a pool connection, and each batch's round trip to PostgreSQL. Loaded into the
// server with `node --import` (BENCH_PROBE_FILE set: on SIGUSR2 it writes the figures since the last signal there
// as JSON and starts over); the ceiling's process calls it directly.
import { subscribe } from 'node:diagnostics_channel';
import { readFileSync, writeFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';
import { constants, createHistogram, monitorEventLoopDelay, performance, PerformanceObserver, type RecordableHistogram } from 'node:perf_hooks';
import type { AcquireMessage, BatchMessage } from '../server/src/db/pipeline/diagnostics';
import { percentile, type Figures } from './bench-support';

export interface Distribution {
  count: number;
  p50: number;
  p99: number;
  max: number;
  /** Sum of the values (ms). */
  total: number;
}

export interface ProbeFigures {
  /** From the request's headers parsed by Node to its response finished: the server's own share of a request. */
  inServer: Distribution;
  /**
   * New connections accepted (Node's `net.server.socket` channel) and the time from the first to the last of them
   * (ms): Node 20's libuv accepts one connection per event-loop turn and listening handle (libuv#3696), so under load
   * wrk's 50 fresh connections wait turn after turn, and their first requests with them (decision 0007, session 9).
   * `turns`: event-loop turns that accepted any, `maxPerTurn` the most in one (LISTEN_HANDLES; session 14).
   */
  accepted: { count: number; spanMs: number; turns?: number; maxPerTurn?: number };
  eventLoopDelay: Distribution;
  gc: Record<'minor' | 'major' | 'incremental' | 'weak', Distribution>;
  poolWait: Distribution & { waited: number };
  roundTrip: Distribution;
  /** The heap when the figures were taken (MB): old space used, young generation used, all spaces, outside the heap. */
  heap: { old: number; young: number; total: number; external: number };
}

const MB = 1024 * 1024;

function heapNow(): ProbeFigures['heap'] {
  const spaces = getHeapSpaceStatistics();
  const used = (name: string) => (spaces.find((space) => space.space_name === name)?.space_used_size ?? 0) / MB;
  const memory = process.memoryUsage();
  return {
    old: used('old_space'),
    young: used('new_space'),
    total: memory.heapUsed / MB,
    external: (memory.external + memory.arrayBuffers) / MB,
  };
}

const GC_KINDS: Record<number, keyof ProbeFigures['gc']> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak',
};

/** Values in milliseconds kept as microseconds (histograms record integers). */
class Recorder {
  private histogram: RecordableHistogram = createHistogram();
  private sum = 0;
  record(ms: number): void {
    this.histogram.record(Math.max(1, Math.round(ms * 1000)));
    this.sum += ms;
  }
  take(): Distribution {
    const h = this.histogram;
    const figures = {
      count: h.count,
      p50: h.count ? h.percentile(50) / 1000 : 0,
      p99: h.count ? h.percentile(99) / 1000 : 0,
      max: h.count ? h.max / 1000 : 0,
      total: this.sum,
    };
    h.reset();
    this.sum = 0;
    return figures;
  }
}

export interface Probe {
  /** The figures since the last call (or the start), then starts over. */
  take(): ProbeFigures;
}

export function startProbe(): Probe {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const gc = { minor: new Recorder(), major: new Recorder(), incremental: new Recorder(), weak: new Recorder() };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = GC_KINDS[(entry as unknown as { detail?: { kind?: number } }).detail?.kind ?? -1];
      if (kind) gc[kind].record(entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  const poolWait = new Recorder();
  let waited = 0;
  const roundTrip = new Recorder();
  subscribe('beyond-brochures:pipeline:acquire', (message) => {
    const { waitedMs, queued } = message as AcquireMessage;
    poolWait.record(waitedMs);
    if (queued > 0) waited++;
  });
  subscribe('beyond-brochures:pipeline:batch', (message) => roundTrip.record((message as BatchMessage).roundTripMs));
  // Node's own HTTP channels: a request's time inside the server (not counting its wait in the socket's queue).
  const inServer = new Recorder();
  let accepts: number[] = [];
  // Event-loop turns with accepts: accepts before the same turn's check phase (setImmediate) count as one turn.
  let perTurn: number[] = [];
  let turnOpen = false;
  subscribe('net.server.socket', () => {
    accepts.push(performance.now());
    if (!turnOpen) {
      turnOpen = true;
      perTurn.push(0);
      setImmediate(() => (turnOpen = false));
    }
    perTurn[perTurn.length - 1] = (perTurn[perTurn.length - 1] ?? 0) + 1;
  });
  const started = new WeakMap<object, number>();
  subscribe('http.server.request.start', (message) => started.set((message as { response: object }).response, performance.now()));
  subscribe('http.server.response.finish', (message) => {
    const start = started.get((message as { response: object }).response);
    if (start !== undefined) inServer.record(performance.now() - start);
  });
  return {
    take() {
      const delay: Distribution = {
        count: loop.count,
        p50: loop.count ? loop.percentile(50) / 1e6 : 0,
        p99: loop.count ? loop.percentile(99) / 1e6 : 0,
        max: loop.count ? loop.max / 1e6 : 0,
        total: loop.count ? (loop.mean * loop.count) / 1e6 : 0,
      };
      loop.reset();
      const figures: ProbeFigures = {
        inServer: inServer.take(),
        accepted: {
          count: accepts.length,
          spanMs: accepts.length ? accepts[accepts.length - 1]! - accepts[0]! : 0,
          turns: perTurn.length,
          maxPerTurn: Math.max(0, ...perTurn),
        },
        eventLoopDelay: delay,
        gc: { minor: gc.minor.take(), major: gc.major.take(), incremental: gc.incremental.take(), weak: gc.weak.take() },
        poolWait: { ...poolWait.take(), waited },
        roundTrip: roundTrip.take(),
        heap: heapNow(),
      };
      waited = 0;
      accepts = [];
      perTurn = [];
      return figures;
    },
  };
}

const file = process.env.BENCH_PROBE_FILE;
if (file) {
  const probe = startProbe();
  process.on('SIGUSR2', () => writeFileSync(file, JSON.stringify(probe.take())));
}

/** `nonvoluntary_ctxt_switches` of a process' main thread: how often the scheduler took the CPU away from it. */
export function preemptions(pid: number | 'self'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^nonvoluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

/**
 * Read and write system calls of a process so far (`syscr`, `syscw` of `/proc/<pid>/io`): per request, how many
 * times the server read a socket (the HTTP request, PostgreSQL's answer in as many pieces as it arrived) and wrote one.
 */
export function syscalls(pid: number | 'self'): { reads: number; writes: number } {
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8');
    return { reads: Number(/^syscr:\s+(\d+)/m.exec(io)?.[1] ?? NaN), writes: Number(/^syscw:\s+(\d+)/m.exec(io)?.[1] ?? NaN) };
  } catch {
    return { reads: NaN, writes: NaN };
  }
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

/** One line of where the tail went, for a round's output. */
export function formatTail(figures: ProbeFigures, requests: number, preempted: number): string {
  const { inServer, accepted, eventLoopDelay: delay, gc, poolWait, roundTrip, heap } = figures;
  const pauses = Object.values(gc);
  const gcCount = pauses.reduce((sum, kind) => sum + kind.count, 0);
  const gcTotal = pauses.reduce((sum, kind) => sum + kind.total, 0);
  const gcLongest = Math.max(0, ...pauses.map((kind) => kind.max));
  return (
    (inServer.count ? `in server p50 ${ms(inServer.p50)} p99 ${ms(inServer.p99)} max ${ms(inServer.max)} ms; ` : '') +
    (accepted?.count
      ? `${accepted.count} connections accepted over ${ms(accepted.spanMs)} ms` +
        (accepted.turns ? ` in ${accepted.turns} event-loop turns (at most ${accepted.maxPerTurn} a turn)` : '') +
        ` (their first requests: ${((accepted.count / requests) * 100).toFixed(1)} % of all); `
      : '') +
    `event loop delay p99 ${ms(delay.p99)} ms (max ${ms(delay.max)}); ` +
    `GC ${((gcCount / requests) * 1000).toFixed(1)} pauses/1,000 requests, ${((gcTotal / requests) * 1000).toFixed(0)} µs/request, longest ${ms(gcLongest)} ms, ${gc.major.count} major; ` +
    `preempted ${(preempted / requests).toFixed(2)}×/request; ` +
    `pool wait p50 ${ms(poolWait.p50)} p99 ${ms(poolWait.p99)} ms (${poolWait.count ? Math.round((poolWait.waited / poolWait.count) * 100) : 0} % queued); ` +
    `round trip p50 ${ms(roundTrip.p50)} p99 ${ms(roundTrip.p99)} ms` +
    (heap ? `; heap ${heap.total.toFixed(0)} MB (old space ${heap.old.toFixed(0)}, young ${heap.young.toFixed(0)}), external ${heap.external.toFixed(0)} MB` : '') +
    `; major GC longest ${ms(gc.major.max)} ms, minor longest ${ms(gc.minor.max)} ms`
  );
}

export type ClosedLoopFigures = Figures & { clientMs: number; tail: ProbeFigures; preempted: number; io: { reads: number; writes: number } };

/**
 * A closed loop measured in this process, as the ceiling and the kept-alive API client measure: `connections`
 * callers each sending `once()` after the last answered, 2 s of warm-up (connections opened, statements prepared),
 * then `seconds` measured with the probe: throughput, latency, errors, this process's CPU per request and its tail.
 */
export async function measureClosedLoop(once: () => Promise<void>, connections: number, seconds: number): Promise<ClosedLoopFigures> {
  const measure = async (duration: number) => {
    const latencies: number[] = [];
    let errors = 0;
    const end = performance.now() + duration * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < end) {
          const start = performance.now();
          try {
            await once();
            latencies.push(performance.now() - start);
          } catch {
            errors++;
          }
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    return { rps: latencies.length / duration, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
  };
  await measure(2);
  const probe = startProbe();
  const preemptedBefore = preemptions('self');
  const ioBefore = syscalls('self');
  const cpu = process.cpuUsage();
  const figures = await measure(seconds);
  const used = process.cpuUsage(cpu);
  const tail = probe.take();
  const preempted = preemptions('self') - preemptedBefore;
  const ioAfter = syscalls('self');
  const requests = figures.rps * seconds;
  const io = { reads: (ioAfter.reads - ioBefore.reads) / requests, writes: (ioAfter.writes - ioBefore.writes) / requests };
  return { ...figures, clientMs: (used.user + used.system) / 1000 / requests, tail, preempted, io };
}

// How `npm run bench:api` judges a round (pure, tested in bench-api-rounds.test.ts). Each round's API figures are
// compared with the ceiling measured just before and just after them (their mean), so a drift of the machine during
// the round weighs on both sides; how far those two ceilings differ (after ÷ before, the same work measured twice) is
// printed as the round's own noise: a round whose ceilings differ by more than the target's 10 % cannot tell 0.9 from 1.

/** Issue 32's targets for every round: throughput ≥ 0.9 of the ceiling's, p99 ≤ 1.5 × the ceiling's. */
export const TARGET = { throughput: 0.9, p99: 1.5 };

export interface Window {
  rps: number;
  p99: number;
}

export interface RoundRatios {
  /** wrk's requests per second ÷ the ceilings' mean. */
  throughput: number;
  /** wrk's p99 ÷ the ceilings' mean p99. */
  p99: number;
  keptThroughput: number;
  keptP99: number;
  /** The ceiling after the round ÷ the ceiling before it, in requests per second (1 when the machine held still). */
  ceilingDrift: number;
}

export function roundRatios(api: Window, kept: Window, before: Window, after: Window): RoundRatios {
  const rps = (before.rps + after.rps) / 2;
  const p99 = (before.p99 + after.p99) / 2;
  return {
    throughput: api.rps / rps,
    p99: api.p99 / p99,
    keptThroughput: kept.rps / rps,
    keptP99: kept.p99 / p99,
    ceilingDrift: after.rps / before.rps,
  };
}

export function withinTargets(throughput: number, p99: number): boolean {
  return throughput >= TARGET.throughput && p99 <= TARGET.p99;
}

/** Whether the two ceilings of a round agree within the throughput target's margin (10 % either way). */
export function resolvable(ceilingDrift: number): boolean {
  return ceilingDrift >= TARGET.throughput && ceilingDrift <= 1 / TARGET.throughput;
}

export type Row = RoundRatios & { run: number; round: number; name: string };

/** The table of every round against the targets, and the counts under it. */
export function summaryLines(rows: readonly Row[]): string[] {
  const yes = (value: boolean) => (value ? 'yes' : 'no ');
  const lines = [
    `every round (targets: throughput ≥ ${TARGET.throughput} of the ceiling, p99 ≤ ${TARGET.p99} × the ceiling's; the ceiling: the mean of the ones measured before and after the round)`,
    '  run round case    throughput  p99 ×   within | kept-alive client: throughput  p99 ×   within | ceiling after ÷ before',
  ];
  for (const row of rows) {
    lines.push(
      `  ${String(row.run).padStart(3)} ${String(row.round).padStart(5)} ${row.name.padEnd(7)} ${row.throughput.toFixed(2).padStart(10)} ${row.p99.toFixed(2).padStart(5)}   ${yes(withinTargets(row.throughput, row.p99))}` +
        `    |                    ${row.keptThroughput.toFixed(2).padStart(10)} ${row.keptP99.toFixed(2).padStart(5)}   ${yes(withinTargets(row.keptThroughput, row.keptP99))}` +
        `    | ${row.ceilingDrift.toFixed(2).padStart(5)}${resolvable(row.ceilingDrift) ? '' : ' (more than 10 % apart)'}`,
    );
  }
  const count = (test: (row: Row) => boolean) => `${rows.filter(test).length} of ${rows.length}`;
  lines.push(
    `  wrk: ${count((row) => withinTargets(row.throughput, row.p99))} rounds within both targets`,
    `  kept-alive client: ${count((row) => withinTargets(row.keptThroughput, row.keptP99))} rounds within both targets`,
    `  the ceiling's two measurements within 10 % of each other: ${count((row) => resolvable(row.ceilingDrift))} rounds`,
  );
  return lines;
}

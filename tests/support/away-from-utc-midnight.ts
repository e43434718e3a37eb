/**
 * Tests whose figures are keyed to the database's UTC day (a day's salt, client budgets, today's rollups) would see
 * two days if a real UTC midnight fell while they ran. Called first in such a test: with less than `marginMs` left
 * before 00:00 UTC it waits until just past it (at most `marginMs` plus a second); otherwise it returns at once.
 * The test server's PostgreSQL runs on this machine, so its clock is this one.
 */
export async function awayFromUtcMidnight(marginMs = 30_000): Promise<void> {
  const now = Date.now();
  const nextMidnight = Math.ceil(now / 86_400_000) * 86_400_000;
  const left = nextMidnight - now;
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}

/** Time a test calling `awayFromUtcMidnight` may need on top of its own. */
export const AWAY_FROM_MIDNIGHT_MS = 31_000;

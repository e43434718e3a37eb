import { describe, expect, it } from 'vitest';
import { useIngestion } from '../support/analytics-ingest';
import { whileHolding } from '../support/lock-waits';

// The change of UTC day from the attacker's side: the first events of a day must not wait for a report, the
// dashboards' figures or the scheduler forgetting the past day (any signed-in user can start one of those), and
// nobody can make the database forget today.
const ingest = useIngestion();
const { send, pageview } = ingest;

/** Midnight UTC for the database: today's salt and every client budget become yesterday's. */
async function passMidnight() {
  expect((await send(pageview())).status).toBe(200);
  await ingest.server.sql`update private.analytics_salts set day = day - 1`;
  await ingest.server.sql`update private.analytics_client_budgets set day = day - 1`;
}

/** While a signed-in user's transaction has forgotten the past day (what a report and the dashboards' figures do first) and not committed. */
const whileAReportForgetsThePastDay = <T>(during: () => Promise<T>) =>
  whileHolding(
    ingest.server.sql,
    async (tx) => {
      const claims = JSON.stringify({ sub: ingest.owner.id, role: 'authenticated' });
      await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${claims}, true)`;
      await tx`select private.forget_past_analytics_days()`;
    },
    during,
  );

describe('a new UTC day', () => {
  it('starts without waiting for a report that is forgetting the past day: no lock wait, every client answered 200', async () => {
    await passMidnight();
    const { result: statuses, lockWaits } = await whileAReportForgetsThePastDay(() =>
      Promise.all(['198.51.100.2', '198.51.100.3', '198.51.100.4'].map(async (client) => (await send(pageview(), { 'x-forwarded-for': client })).status)),
    );
    expect(lockWaits).toEqual([]);
    expect(statuses).toEqual([200, 200, 200]);
    // The new day has its own salt; yesterday's is gone once nobody holds it.
    await ingest.server.sql`select private.forget_past_analytics_days()`;
    expect(await ingest.server.sql`select day from private.analytics_salts where day < (now() at time zone 'utc')::date`).toHaveLength(0);
    expect(await ingest.server.sql`select 1 from private.analytics_salts where day = (now() at time zone 'utc')::date`).toHaveLength(1);
  });

  it('forgets past budgets without a table lock, in bounded steps, and the day’s own budgets stay', async () => {
    await ingest.server.sql`
      insert into private.analytics_client_budgets (client_key, day, events, refusals, updated_at)
      select substring(sha256(int4send(n)) from 1 for 16), (now() at time zone 'utc')::date - 1, 100, 60, now()
      from generate_series(1, 12000) n`;
    expect((await send(pageview())).status).toBe(200); // today's salt exists: no day starts here
    await ingest.server.sql`select private.forget_past_analytics_days()`;
    const [left] = await ingest.server.sql<{ past: number; today: number }[]>`
      select count(*) filter (where day < (now() at time zone 'utc')::date)::int as past,
        count(*) filter (where day = (now() at time zone 'utc')::date)::int as today
      from private.analytics_client_budgets`;
    expect(left).toEqual({ past: 2000, today: 1 });
    await ingest.server.sql`select private.forget_past_analytics_days()`;
    expect(await ingest.server.sql`select 1 from private.analytics_client_budgets where day < (now() at time zone 'utc')::date`).toHaveLength(0);
  });

  it('cannot be brought forward: a day in the future passed to forget_past_analytics_days keeps today’s salt and budgets', async () => {
    expect((await send(pageview(), { 'x-forwarded-for': '198.51.100.9' })).status).toBe(200);
    const before = await ingest.server.sql<{ salt: Buffer }[]>`select salt from private.analytics_salts`;
    await ingest.server.sql.begin(async (tx) => {
      const claims = JSON.stringify({ sub: ingest.owner.id, role: 'authenticated' });
      await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${claims}, true)`;
      await tx`select private.forget_past_analytics_days('9999-12-31')`;
    });
    expect(await ingest.server.sql`select salt from private.analytics_salts`).toEqual(before);
    expect(await ingest.server.sql`select 1 from private.analytics_client_budgets`).toHaveLength(1);
  });
});

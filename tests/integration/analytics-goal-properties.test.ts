import { beforeAll, describe, expect, it } from 'vitest';
import { at, reportOf, useAnalyticsSite, writeEvents } from '../support/analytics-report';

// What track(name, props) sent, in the report: per goal, property and value, bounded in the rollups; and past days'
// salts and client budgets, which whatever runs (a report, the dashboards' figures, a scheduler run) deletes.
const site = useAnalyticsSite();
const DAY = '2026-03-10';
const report = (start: string, end: string) => reportOf(site.owner, site.siteId, start, end);

describe('goal properties: what track(name, props) sent, per goal, property and value', () => {
  const PROPS_DAY = '2026-03-13';
  const dayReport = () => report(at('00:00', PROPS_DAY), at('00:00', '2026-03-14'));

  beforeAll(async () => {
    await writeEvents(site.server.sql, site.siteId, [
      { at: at('09:00', PROPS_DAY), visitor: 11, path: '/' },
      { at: at('09:01', PROPS_DAY), visitor: 11, name: 'Signup', props: { plan: 'pro', seats: 3 } },
      { at: at('09:30', PROPS_DAY), visitor: 12, name: 'Signup', props: { plan: 'pro', seats: 3 } },
      { at: at('10:00', PROPS_DAY), visitor: 13, name: 'Signup', props: { plan: 'pro', yearly: true } },
      { at: at('10:05', PROPS_DAY), visitor: 13, name: 'Signup', props: { plan: 'pro' } },
      { at: at('11:00', PROPS_DAY), visitor: 14, name: 'Signup', props: { plan: 'free' } },
      { at: at('11:10', PROPS_DAY), visitor: 14, name: 'Download', props: { file: 'guide.pdf' } },
      // An order number: a value per event. 30 of them keep 25 rows and one '(other)'.
      ...Array.from({ length: 30 }, (_, i) => ({ at: at('12:00', PROPS_DAY), visitor: 100 + i, name: 'Purchase', props: { order: `A-${String(i).padStart(2, '0')}` } })),
    ]);
     // Written after the site's first refresh, for a past day: rolled up as the bench does after writing history.
    await site.server.sql`select private.roll_up_analytics_day(${site.siteId}, ${PROPS_DAY}::date)`;
  });

  it('counts completions and visitors of each value, goal by goal, property by property', async () => {
    const { goal_properties: properties, totals } = await dayReport();
    const of = (goal: string, property: string) =>
      properties.filter((row) => row.goal === goal && row.property === property).map(({ value, visitors, events }) => ({ value, visitors, events }));
    expect(of('Signup', 'plan')).toEqual([
      { value: 'pro', visitors: 3, events: 4 },
      { value: 'free', visitors: 1, events: 1 },
    ]);
    expect(of('Signup', 'seats')).toEqual([{ value: '3', visitors: 2, events: 2 }]);
    expect(of('Signup', 'yearly')).toEqual([{ value: 'true', visitors: 1, events: 1 }]);
    expect(of('Download', 'file')).toEqual([{ value: 'guide.pdf', visitors: 1, events: 1 }]);
    expect(properties.find((row) => row.goal === 'Signup' && row.value === 'pro')?.conversion_rate).toBe(Math.round((300 / totals.visitors) * 10) / 10);
    // Ordered by goal, then property.
    expect([...new Set(properties.map((row) => `${row.goal}/${row.property}`))]).toEqual(['Download/file', 'Purchase/order', 'Signup/plan', 'Signup/seats', 'Signup/yearly']);
  });

  it('keeps the rollups bounded: a property’s 25 most completed values of a day, the rest as (other), listed last', async () => {
    const rows = await site.server.sql<{ count: number }[]>`
      select count(*)::int as count from public.analytics_daily_rollups
      where site_id = ${site.siteId} and dimension = 'goal_property' and day_start = ${`${PROPS_DAY}T00:00:00Z`} and value::jsonb ->> 0 = 'Purchase'`;
    expect(rows[0]!.count).toBe(26);
    const { data } = await site.owner.client.rpc('analytics_report', { site_id: site.siteId, period_start: at('00:00', PROPS_DAY), period_end: at('00:00', '2026-03-14'), top_limit: 100 });
    const orders = (data as { goal_properties: { goal: string; value: string; events: number }[] }).goal_properties.filter((row) => row.goal === 'Purchase');
    expect(orders).toHaveLength(26);
    expect(orders.at(-1)).toMatchObject({ value: '(other)', events: 5 });
    expect(orders[0]).toMatchObject({ value: 'A-00', events: 1 });
  });

  it('lists top_limit values per property', async () => {
    const { data } = await site.owner.client.rpc('analytics_report', { site_id: site.siteId, period_start: at('00:00', PROPS_DAY), period_end: at('00:00', '2026-03-14'), top_limit: 1 });
    const rows = (data as { goal_properties: { goal: string; property: string; value: string }[] }).goal_properties;
    expect(rows.map((row) => `${row.goal}/${row.property}=${row.value}`)).toEqual(['Download/file=guide.pdf', 'Purchase/order=A-00', 'Signup/plan=pro', 'Signup/seats=3', 'Signup/yearly=true']);
  });
});

describe('past days are forgotten by whatever runs: no salt or client budget outlives its day', () => {
  const yesterday = async () => {
    await site.server.sql`insert into private.analytics_salts (day, salt) values ((now() at time zone 'utc')::date - 1, ${Buffer.alloc(32, 7)}) on conflict do nothing`;
    await site.server.sql`insert into private.analytics_client_budgets (client_key, day, events, refusals, updated_at)
      values (${Buffer.alloc(16, 7)}, (now() at time zone 'utc')::date - 1, 3, 3, now() - interval '1 day') on conflict do nothing`;
  };
  const left = async () =>
    (await site.server.sql<{ count: number }[]>`select (select count(*) from private.analytics_salts where day < (now() at time zone 'utc')::date)
      + (select count(*) from private.analytics_client_budgets where day < (now() at time zone 'utc')::date) as count`)[0]!.count;

  it('a report deletes them without any event or scheduler, even right after a refresh (which then returns early)', async () => {
    await report(at('00:00'), at('00:00', '2026-03-11'));
    await yesterday();
    expect(Number(await left())).toBe(2);
    await report(at('00:00'), at('00:00', '2026-03-11'));
    expect(Number(await left())).toBe(0);
  });

  it('so do the dashboards’ figures and a run of the rollup scheduler', async () => {
    await yesterday();
    await site.owner.client.rpc('workspace_site_figures', { workspace_id: site.owner.organizationId, from_day: DAY, to_day: DAY });
    expect(Number(await left())).toBe(0);
    await yesterday();
    await site.server.sql`select private.refresh_due_analytics_rollups('test-forget')`;
    await site.server.sql`delete from private.analytics_rollup_runs`;
    expect(Number(await left())).toBe(0);
  });
});

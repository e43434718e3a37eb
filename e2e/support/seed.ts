import { createSql } from '../../server/src/db/client';
import { newAccount, signUpThroughApi, type NewAccount } from './accounts';
import type { E2EServer } from './e2e-server';

/** Long enough to find text that does not fit. */
export const seedTexts = {
  contentTitle: 'How our clients measure the return on their new website, step by step',
  contentExcerpt:
    'Conversions, leads and revenue: the three numbers every owner of a new website should follow, and the tools that already track them for free.',
  longWord: 'Supercalifragilisticexpialidociousnesses',
  campaignTitle: 'Spring retargeting for returning visitors of the portfolio pages',
  campaignDescription: 'Visitors who saw two portfolio pages and left without writing to us.',
  colleagueFirstName: 'Bartholomew-Maximilian',
  colleagueLastName: 'Featherstonehaugh-Cholmondeley',
  invitedEmail: 'a.rather.long.address.of.a.colleague.in.marketing@subsidiary-of-the-company.example.com',
  analyticsSiteName: 'Northwind Outfitters online shop',
  analyticsPage: '/collections/waterproof-hiking-boots-for-the-whole-family-autumn-winter-2026',
  /** The link token of the first invitation seeded on a database (stored hashed, as the RPCs do). */
  invitationToken: 'layout-test-invitation-token-0123456789abcd',
  contactFirstName: 'Maximiliana-Theodora',
  contactLastName: 'Wolfeschlegelsteinhausen',
  contactEmail: 'maximiliana.theodora.wolfeschlegelsteinhausen@a-long-company-domain.example.com',
  contactCompany: 'International Association of Very Long Company Names Incorporated',
  contactTag: 'customer-advisory-board-member-2026',
  leadName: 'Bartholomew Featherstonehaugh from the Regional Tourism Board',
  leadMessage:
    'We would like a new website for our regional tourism board, with a booking flow, an events calendar and pages in three languages. Could you send us a quote and a rough timeline before the end of the month?',
} as const;

/** Runs SQL as the superuser on the worker's database. */
export async function withDatabase<T>(server: E2EServer, work: (sql: ReturnType<typeof createSql>) => Promise<T>): Promise<T> {
  const sql = createSql(server.databaseUrl, { max: 1 });
  try {
    return await work(sql);
  } finally {
    await sql.end();
  }
}

/**
 * A marketing user (Content Marketing Manager) whose organization has content items and advertising campaigns
 * of every shape a list must show (long titles, a long word, every status, a big budget, missing values), a colleague
 * with long names, a pending invitation for a long address (its link: `seedTexts.invitationToken`), contacts (a hot one
 * with long names, a quiet one, one without a name) and a contact-form lead with a long message, written
 * straight into the database: fast, and the lists are the subject, not the forms.
 */
export async function seedAccountWithData(server: E2EServer): Promise<NewAccount> {
  const account = await signUpThroughApi(server.url, newAccount());
  const colleague = await signUpThroughApi(server.url, newAccount({ firstName: seedTexts.colleagueFirstName, lastName: seedTexts.colleagueLastName }));
  await withDatabase(server, async (sql) => {
    const [profile] = await sql<{ user_id: string; organization_id: string }[]>`
      update public.profiles p set marketing_role = 'content_marketing_manager'
      from auth.users u where u.id = p.user_id and u.email = ${account.email}
      returning p.user_id, p.organization_id`;
    const { user_id: userId, organization_id: organizationId } = profile!;
    // Planned items on the Editorial Calendar (one with a long unbroken title, one overdue) and, below, a year of
    // results for the figures and charts.
    await sql`insert into public.content_items (organization_id, user_id, title, excerpt, status, content_type, planned_publish_at) values
      (${organizationId}, ${userId}, ${seedTexts.contentTitle}, ${seedTexts.contentExcerpt}, 'published', 'infographic', null),
      (${organizationId}, ${userId}, 'Checklist', null, 'review', 'whitepaper', now() + interval '1 day'),
      (${organizationId}, ${userId}, 'Overdue draft', null, 'draft', 'article', now() - interval '2 days'),
      (${organizationId}, ${userId}, ${seedTexts.longWord}, ${'x'.repeat(120)}, 'archived', 'case_study', now() + interval '3 days')`;
    await sql`insert into public.campaigns (organization_id, user_id, type, title, description, status, budget, start_date, end_date, platforms) values
      (${organizationId}, ${userId}, 'advertising', ${seedTexts.campaignTitle}, ${seedTexts.campaignDescription}, 'completed', 1250000.5, '2026-03-01', '2026-05-31', ${['Google Ads', 'LinkedIn Ads']}),
      (${organizationId}, ${userId}, 'advertising', 'Brand', null, 'active', 3000, null, null, '{}')`;
    await sql`insert into public.campaign_results (campaign_id, day, platform, impressions, clicks, conversions, spend, revenue)
      select c.id, current_date - d, (array['Google Ads', 'LinkedIn Ads'])[1 + d % 2], 1000 + d, 40, 2, 12.5, 48
      from public.campaigns c cross join generate_series(0, 119) d where c.organization_id = ${organizationId}`;
    await sql`insert into public.organization_members (organization_id, user_id, role)
      select ${organizationId}, id, 'admin' from auth.users where email = ${colleague.email}`;
    // A measured site with a few visits of the last days: long page paths, a referrer, a campaign, a goal.
    const [site] = await sql<{ id: string }[]>`insert into public.analytics_sites (organization_id, name, domain, created_by)
      values (${organizationId}, ${seedTexts.analyticsSiteName}, 'shop.northwind-outfitters.example', ${userId}) returning id`;
    await sql`
      insert into private.analytics_events (site_id, occurred_at, visitor_id, name, pathname, referrer, utm_source, utm_campaign, device, browser)
      select ${site!.id}, now() - make_interval(hours => g * 7), g % 5,
        case when g % 4 = 0 then 'Newsletter signup' else 'pageview' end,
        case when g % 3 = 0 then ${seedTexts.analyticsPage} else '/' end,
        case when g % 2 = 0 then 'duckduckgo.com' end, case when g % 3 = 0 then 'newsletter' end,
        case when g % 3 = 0 then 'autumn-collection-launch-with-free-shipping' end,
        (array['Mobile', 'Desktop', 'Tablet'])[1 + g % 3], (array['Chrome', 'Firefox', 'Safari'])[1 + g % 3]
      from generate_series(1, 40) g`;
    const [invitation] = await sql<{ id: string }[]>`insert into public.workspace_invitations (organization_id, email, role, invited_by)
      values (${organizationId}, ${seedTexts.invitedEmail}, 'viewer', ${userId}) returning id`;
    await sql`insert into private.workspace_invitation_tokens (token_hash, invitation_id, channel)
      values (sha256(convert_to(${seedTexts.invitationToken}, 'UTF8')), ${invitation!.id}, 'link')
      on conflict (token_hash) do nothing`;
    await sql`insert into public.contacts (organization_id, first_name, last_name, email, company, job_title, phone, lifecycle_stage, source, tags, owner_id, last_activity_at) values
      (${organizationId}, ${seedTexts.contactFirstName}, ${seedTexts.contactLastName}, ${seedTexts.contactEmail}, ${seedTexts.contactCompany},
       'Director of Customer Experience and Digital Transformation', '+44 (0) 20 7946 0000', 'sales_qualified', 'referral',
       ${['vip', seedTexts.contactTag]}, ${userId}, now()),
      (${organizationId}, 'Quinn', null, 'quinn@example.com', null, null, null, 'lead', 'form', '{}', null, now() - interval '60 days'),
      (${organizationId}, null, null, 'no.name@example.com', null, null, null, 'churned', 'import', '{}', null, null)`;
    await sql`insert into public.leads (name, email, company, message) values
      (${seedTexts.leadName}, ${seedTexts.contactEmail}, ${seedTexts.contactCompany}, ${seedTexts.leadMessage})`;
  });
  return account;
}

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
 * of every shape a list must show (long titles, a long word, every status, a big budget, missing values), written
 * straight into the database: fast, and the lists are the subject, not the forms.
 */
export async function seedAccountWithData(server: E2EServer): Promise<NewAccount> {
  const account = await signUpThroughApi(server.url, newAccount());
  await withDatabase(server, async (sql) => {
    const [profile] = await sql<{ user_id: string; organization_id: string }[]>`
      update public.profiles p set marketing_role = 'content_marketing_manager'
      from auth.users u where u.id = p.user_id and u.email = ${account.email}
      returning p.user_id, p.organization_id`;
    const { user_id: userId, organization_id: organizationId } = profile!;
    await sql`insert into public.content_items (organization_id, user_id, title, excerpt, status, content_type) values
      (${organizationId}, ${userId}, ${seedTexts.contentTitle}, ${seedTexts.contentExcerpt}, 'published', 'infographic'),
      (${organizationId}, ${userId}, 'Checklist', null, 'review', 'whitepaper'),
      (${organizationId}, ${userId}, ${seedTexts.longWord}, ${'x'.repeat(120)}, 'archived', 'case_study')`;
    await sql`insert into public.campaigns (organization_id, user_id, type, title, description, status, budget, start_date, end_date, platforms) values
      (${organizationId}, ${userId}, 'advertising', ${seedTexts.campaignTitle}, ${seedTexts.campaignDescription}, 'completed', 1250000.5, '2026-03-01', '2026-05-31', ${['Google Ads', 'LinkedIn Ads']}),
      (${organizationId}, ${userId}, 'advertising', 'Brand', null, 'paused', null, null, null, '{}')`;
  });
  return account;
}

import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../src/types/database';
import type { Sql } from '../../server/src/db/client';
import type { TestServer } from './test-server';
import type { ReceivedMessage } from './smtp-server';

/** The Email Platform's integration tests: lists, templates and campaigns made the way the app makes them. */

export type Client = SupabaseClient<Database>;

export const SAMPLE_BLOCKS = [
  { type: 'heading', text: 'Hello {{first_name|there}}' },
  { type: 'text', markdown: 'Our **news** for {{company|your team}}: [read it](https://example.com/news?a=1&b=2).' },
  { type: 'button', label: 'Shop now', href: 'https://example.com/shop' },
] as const;

export async function createList(client: Client, workspaceId: string, values: Partial<Database['public']['Tables']['email_lists']['Insert']> = {}) {
  const { data, error } = await client.from('email_lists').insert({ organization_id: workspaceId, name: `List ${Math.random().toString(36).slice(2, 8)}`, ...values }).select('id, form_token, opt_in').single();
  if (error) throw new Error(`list: ${error.message}`);
  return data;
}

export async function createTemplate(client: Client, workspaceId: string, values: Partial<Database['public']['Tables']['email_templates']['Insert']> = {}) {
  const { data, error } = await client
    .from('email_templates')
    .insert({ organization_id: workspaceId, name: 'Template', subject: 'Welcome {{first_name|friend}}', blocks: SAMPLE_BLOCKS as never, ...values })
    .select('id')
    .single();
  if (error) throw new Error(`template: ${error.message}`);
  return data.id;
}

export async function createCampaign(client: Client, workspaceId: string, listIds: string[], values: Partial<Database['public']['Tables']['email_campaigns']['Insert']> = {}) {
  const { data, error } = await client
    .from('email_campaigns')
    .insert({ organization_id: workspaceId, name: 'Spring news', subject: 'News for {{first_name|you}}', blocks: SAMPLE_BLOCKS as never, list_ids: listIds, ...values })
    .select('id')
    .single();
  if (error) throw new Error(`campaign: ${error.message}`);
  return data.id;
}

/** Contacts of a workspace, confirmed on a list (straight in the database: the tests of consent are elsewhere). */
export async function seedSubscribers(sql: Sql, workspaceId: string, listId: string, emails: string[], values: { first_name?: string } = {}): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    insert into public.contacts (organization_id, email, first_name)
    select ${workspaceId}, e, ${values.first_name ?? null} from unnest(${emails}::text[]) e
    on conflict (organization_id, lower(email)) where email is not null do update set email = excluded.email
    returning id`;
  await sql`
    insert into public.email_list_members (list_id, contact_id, organization_id, status, consent_method, consent_source, confirmed_at)
    select ${listId}, id, ${workspaceId}, 'confirmed', 'manual', 'test', now() from unnest(${rows.map((r) => r.id)}::uuid[]) id
    on conflict do nothing`;
  return rows.map((row) => row.id);
}

/** Runs what is due on the server's own job runner until nothing is left. */
export async function drain(server: TestServer): Promise<void> {
  await server.app.jobRunner!()!.drain(60_000);
}

/** The token of a message's link to /e/u/<token> (from its List-Unsubscribe header). */
export function unsubscribeTokenOf(message: ReceivedMessage): string {
  const header = message.header('list-unsubscribe') ?? '';
  const match = /\/e\/u\/([A-Za-z0-9_-]+)/.exec(header);
  if (!match) throw new Error(`no unsubscribe link in ${header}`);
  return match[1]!;
}

/** The HTML part of a message. */
export function htmlOf(message: ReceivedMessage): string {
  return typeof message.parsed.html === 'string' ? message.parsed.html : '';
}

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ListsPanel } from '@/features/email/components/lists-panel';
import { AuthProvider } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, workspaceRows, type FakeResult, type FakeSupabase, type QueryCall } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
let myRole: string;
const lists = [
  { id: 'l-news', name: 'Newsletter', description: '', opt_in: 'double', form_enabled: false, form_token: 'f1', welcome_enabled: false, welcome_template_id: null },
  { id: 'l-vip', name: 'VIP', description: '', opt_in: 'single', form_enabled: false, form_token: 'f2', welcome_enabled: false, welcome_template_id: null },
];
const counts = [
  { list_id: 'l-news', confirmed: 1250, pending: 17, unsubscribed: 3 },
  { list_id: 'l-vip', confirmed: 8, pending: 0, unsubscribed: 0 },
];

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', first_name: 'Me' }, error: null };
  if (call.table === 'email_lists' && call.operation === 'select') return { data: lists, error: null };
  if (call.table === 'rpc:email_list_counts') return { data: counts, error: null };
  if (call.table === 'rpc:add_filtered_contacts_to_email_list') {
    const args = call.values as { tags: string[]; dry_run: boolean };
    if (!args.dry_run) return { data: { matching: 7, added: 5, confirmations: 5 }, error: null };
    return { data: args.tags.includes('vip') ? { matching: 7, already: 2 } : { matching: 0, already: 0 }, error: null };
  }
  if (call.table.startsWith('rpc:')) return { data: [], error: null };
  return workspaceRows(call, [{ id: 'acme', name: 'Acme', role: myRole }]);
}

const renderPanel = () => renderRoutes([{ path: '/', element: <AuthProvider><ListsPanel /></AuthProvider> }], '/');
const row = async (name: string) => (await screen.findByRole('heading', { name, level: 3 })).closest('li')!;

beforeEach(() => {
  fake.reset();
  localStorage.clear();
  myRole = 'member';
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

describe('Lists panel', () => {
  it('shows each list with its confirmed and pending members', async () => {
    renderPanel();
    expect(within(await row('Newsletter')).getByText('1,250 confirmed · 17 pending')).toBeInTheDocument();
    expect(within(await row('VIP')).getByText('8 confirmed')).toBeInTheDocument();
  });

  it('“Add from filter” shows how many contacts the filter matches, then adds them to that list', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(within(await row('Newsletter')).getByRole('button', { name: 'Add from filter: Newsletter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add contacts from a filter' });
    expect(await within(dialog).findByText('0 contacts match.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add to list' })).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Tags (comma-separated)'), 'vip, spring');
    expect(await within(dialog).findByText('7 contacts match, 2 already on the list.')).toBeInTheDocument();
    const dryRun = fake.calls.filter((call) => call.table === 'rpc:add_filtered_contacts_to_email_list').at(-1);
    expect(dryRun?.values).toMatchObject({ list_id: 'l-news', tags: ['vip', 'spring'], dry_run: true });

    await user.click(within(dialog).getByRole('button', { name: 'Add to list' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add contacts from a filter' })).not.toBeInTheDocument());
    const added = fake.calls.find((call) => call.table === 'rpc:add_filtered_contacts_to_email_list' && (call.values as { dry_run: boolean }).dry_run === false);
    expect(added?.values).toMatchObject({ list_id: 'l-news', tags: ['vip', 'spring'] });
  });

  it('a viewer sees the lists and their counts but no way to change them', async () => {
    myRole = 'viewer';
    renderPanel();
    const news = await row('Newsletter');
    expect(within(news).getByText('1,250 confirmed · 17 pending')).toBeInTheDocument();
    expect(within(news).queryByRole('button', { name: /Add from filter/ })).not.toBeInTheDocument();
    expect(within(news).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create List' })).not.toBeInTheDocument();
  });
});

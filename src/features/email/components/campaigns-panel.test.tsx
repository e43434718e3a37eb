import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CampaignsPanel } from '@/features/email/components/campaigns-panel';
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

const base = { preheader: '', blocks: [], list_ids: ['l1'], template_id: null, scheduled_at: null, started_at: null, finished_at: null, paused_reason: null, recipients_total: null, sent_count: 0, failed_count: 0, unconfirmed_count: 0, created_at: '2026-01-01T00:00:00Z' };
const campaigns = [
  { ...base, id: 'c-draft', name: 'Spring draft', subject: 'Hello spring', status: 'draft' },
  { ...base, id: 'c-scheduled', name: 'Summer news', subject: 'Summer', status: 'scheduled', scheduled_at: '2030-06-01T09:00:00Z', recipients_total: 40 },
  { ...base, id: 'c-sending', name: 'Autumn sale', subject: 'Sale', status: 'sending', recipients_total: 100, sent_count: 30 },
  { ...base, id: 'c-sent', name: 'Winter letter', subject: 'Winter', status: 'sent', recipients_total: 50, sent_count: 50 },
];

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', first_name: 'Me' }, error: null };
  if (call.table === 'email_campaigns' && call.operation === 'select') return { data: campaigns, error: null };
  if (call.table === 'rpc:email_campaign_report') return { data: [{ sent: 50, failed: 0, queued: 0, unconfirmed: 0, bounced: 0, complained: 0, opened: 20, clicked: 5, unsubscribed: 1 }], error: null };
  if (call.table === 'email_deliveries') return { data: [], error: null };
  if (call.table.startsWith('rpc:')) return { data: [], error: null };
  return workspaceRows(call, [{ id: 'acme', name: 'Acme', role: myRole }]);
}

const renderPanel = () => renderRoutes([{ path: '/', element: <AuthProvider><CampaignsPanel workerAlive /></AuthProvider> }], '/');

const row = async (name: string) => (await screen.findByRole('heading', { name, level: 3 })).closest('li')!;
const actionsOf = (item: HTMLElement) => within(item).queryAllByRole('button').map((button) => button.textContent);

beforeEach(() => {
  fake.reset();
  localStorage.clear();
  myRole = 'member';
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

describe('Campaigns panel', () => {
  it('shows each campaign’s state and only the actions that state allows', async () => {
    renderPanel();
    const draft = await row('Spring draft');
    expect(within(draft).getByText('Draft')).toBeInTheDocument();
    expect(within(draft).getByText('Hello spring')).toBeInTheDocument();
    expect(actionsOf(draft)).toEqual(['Edit', 'Send test to me', 'Schedule', 'Send now', 'Delete']);
    expect(within(draft).getByRole('button', { name: 'Delete: Spring draft' })).toBeInTheDocument();

    const scheduled = await row('Summer news');
    expect(within(scheduled).getByText('Scheduled')).toBeInTheDocument();
    expect(within(scheduled).getByText(/^Scheduled for /)).toBeInTheDocument();
    expect(actionsOf(scheduled)).toEqual(['Report', 'Back to draft', 'Cancel campaign']);

    const sending = await row('Autumn sale');
    expect(within(sending).getByText('Sending')).toBeInTheDocument();
    expect(within(sending).getByText('30 of 100 sent')).toBeInTheDocument();
    expect(actionsOf(sending)).toEqual(['Report', 'Pause', 'Cancel campaign']);

    const sent = await row('Winter letter');
    expect(within(sent).getByText('Sent')).toBeInTheDocument();
    expect(within(sent).getByText('50 of 50 sent')).toBeInTheDocument();
    expect(actionsOf(sent)).toEqual(['Report', 'Delete']);
  });

  it('deleting asks first and then deletes that campaign only', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(within(await row('Spring draft')).getByRole('button', { name: 'Delete: Spring draft' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this campaign?' });
    expect(fake.calls.some((call) => call.operation === 'delete')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(fake.calls.find((call) => call.table === 'email_campaigns' && call.operation === 'delete')?.filters).toContainEqual(['id', 'c-draft']));
  });

  it('Send now asks first, sends nothing when kept, and sends that campaign once confirmed', async () => {
    const user = userEvent.setup();
    renderPanel();
    const sendNow = within(await row('Spring draft')).getByRole('button', { name: 'Send now: Spring draft' });
    const sends = () => fake.calls.filter((call) => call.table === 'rpc:send_email_campaign');
    await user.click(sendNow);
    let dialog = await screen.findByRole('alertdialog', { name: 'Send this campaign now?' });
    expect(dialog).toHaveTextContent('A sent e-mail cannot be taken back.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sends()).toHaveLength(0);

    await user.click(sendNow);
    dialog = await screen.findByRole('alertdialog', { name: 'Send this campaign now?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    await vi.waitFor(() => expect(sends().map((call) => call.values)).toEqual([{ campaign_id: 'c-draft' }]));
  });

  it('a sent campaign opens its report', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(within(await row('Winter letter')).getByRole('button', { name: 'Report: Winter letter' }));
    expect(await screen.findByRole('dialog', { name: 'Report: Winter letter' })).toBeInTheDocument();
    expect(fake.calls.find((call) => call.table === 'rpc:email_campaign_report')?.values).toEqual({ campaign_id: 'c-sent' });
  });

  it('a viewer reads states and reports, and gets no write action', async () => {
    myRole = 'viewer';
    renderPanel();
    expect(actionsOf(await row('Spring draft'))).toEqual([]);
    expect(actionsOf(await row('Summer news'))).toEqual(['Report']);
    expect(actionsOf(await row('Autumn sale'))).toEqual(['Report']);
    expect(actionsOf(await row('Winter letter'))).toEqual(['Report']);
    expect(screen.queryByRole('button', { name: 'Create Campaign' })).not.toBeInTheDocument();
  });
});

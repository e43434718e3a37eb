import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SocialHub } from '@/features/social/components/social-hub';
import { AuthProvider } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, workspaceRows, type FakeResult, type FakeSupabase, type QueryCall } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
let myRole: string;
let accounts: unknown[];
let posts: unknown[];

const account = (id: string, network: string, display_name: string, status = 'connected') => ({
  id, organization_id: 'acme', network, display_name, service_origin: 'https://bsky.social', external_id: null, status,
  status_message: status === 'reconnect' ? 'Bluesky refused the account’s credentials (HTTP 401).' : null, created_by: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
});
const post = (id: string, body: string, channels: Array<[string, string]>) => ({
  id, organization_id: 'acme', body, scheduled_at: '2099-01-01T09:00:00Z', created_by: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
  approval_status: null, approval_comment: null, approval_decided_at: null, approval_decided_by: null, approval_reviewer: null, revision: 1,
  social_post_channels: channels.map(([account_id, status]) => ({ id: `${id}-${account_id}`, organization_id: 'acme', post_id: id, account_id, body, status, attempted_at: null, finished_at: null, published_url: null, external_id: null, result_message: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' })),
});

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', first_name: 'Me' }, error: null };
  if (call.table === 'organizations' && call.columns === 'social_posts_need_approval') return { data: { social_posts_need_approval: false }, error: null };
  if (call.table === 'social_accounts') return { data: accounts, error: null };
  if (call.table === 'social_posts') return { data: posts, error: null };
  return workspaceRows(call, [{ id: 'acme', name: 'Acme', role: myRole }]);
}

const renderHub = () => renderRoutes([{ path: '/marketing/social', element: <AuthProvider><SocialHub /></AuthProvider> }], '/marketing/social');

beforeEach(() => {
  fake.reset();
  localStorage.clear();
  myRole = 'member';
  posts = [];
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

describe('accounts that need reconnecting in the Social Hub', () => {
  it('shows no banner and no "Needs reconnecting" when every account works', async () => {
    accounts = [account('b', 'bluesky', 'agency.bsky.social'), account('w', 'webhook', 'n8n', 'reconnect')];
    posts = [post('p1', 'Queued', [['b', 'scheduled'], ['w', 'scheduled']])];
    renderHub();
    const list = await screen.findByRole('region', { name: 'Posts' });
    await within(list).findByText('Queued');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Needs reconnecting')).toBeNull();
  });

  it('names one broken account in an alert whose Reconnect opens that account’s reconnect dialog', async () => {
    accounts = [account('b', 'bluesky', 'agency.bsky.social'), account('x', 'bluesky', 'old.bsky.social', 'reconnect')];
    const user = userEvent.setup();
    renderHub();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('1 account needs reconnecting');
    expect(within(banner).getAllByRole('button')).toHaveLength(1);
    await user.click(within(banner).getByRole('button', { name: 'Reconnect old.bsky.social' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reconnect old.bsky.social' });
    expect(within(dialog).getByLabelText('App password')).toBeInTheDocument();
  });

  it('counts several broken accounts, with a Reconnect for each', async () => {
    accounts = [account('x', 'bluesky', 'old.bsky.social', 'reconnect'), account('m', 'mastodon', 'agency@mastodon.social', 'failed'), account('b', 'bluesky', 'agency.bsky.social')];
    renderHub();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('2 accounts need reconnecting');
    expect(within(banner).getAllByRole('button').map((button) => button.textContent)).toEqual(['Reconnect old.bsky.social', 'Reconnect agency@mastodon.social']);
    // axe on the banner (jsdom has no layout: contrast is checked by the e2e suite's axe runs).
    const results = await axe.run(banner, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('marks each queued post of a broken account "Needs reconnecting", with a Reconnect leading to its dialog; not posts already out', async () => {
    accounts = [account('b', 'bluesky', 'agency.bsky.social'), account('x', 'bluesky', 'old.bsky.social', 'reconnect')];
    posts = [post('p1', 'Queued on both', [['b', 'scheduled'], ['x', 'scheduled']]), post('p2', 'Draft on old', [['x', 'draft']]), post('p3', 'Out before it broke', [['x', 'published']])];
    const user = userEvent.setup();
    renderHub();
    const list = await screen.findByRole('region', { name: 'Posts' });
    const item = (text: string) => within(list).getByText(text).closest('li') as HTMLElement;
    await within(list).findByText('Queued on both');
    await vi.waitFor(() => expect(within(list).getAllByText('Needs reconnecting')).toHaveLength(2));
    expect(within(item('Queued on both')).getAllByText('Needs reconnecting')).toHaveLength(1);
    expect(within(item('Draft on old')).getByText('Needs reconnecting')).toBeInTheDocument();
    expect(within(item('Out before it broke')).queryByText('Needs reconnecting')).toBeNull();
    expect(within(item('Out before it broke')).queryByRole('button', { name: 'Reconnect old.bsky.social' })).toBeNull();

    const axeResults = await axe.run(list, { rules: { 'color-contrast': { enabled: false } } });
    expect(axeResults.violations.map((violation) => violation.id)).toEqual([]);
    await user.click(within(item('Draft on old')).getByRole('button', { name: 'Reconnect old.bsky.social' }));
    expect(await screen.findByRole('dialog', { name: 'Reconnect old.bsky.social' })).toBeInTheDocument();
  });

  it('tells a viewer which accounts need reconnecting, with nothing to press', async () => {
    myRole = 'viewer';
    accounts = [account('x', 'bluesky', 'old.bsky.social', 'reconnect')];
    posts = [post('p1', 'Queued', [['x', 'scheduled']])];
    renderHub();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('1 account needs reconnecting');
    expect(banner).toHaveTextContent('Ask a member, admin or owner of the workspace to reconnect them.');
    expect(within(banner).getByText('old.bsky.social')).toBeInTheDocument();
    expect(await screen.findByText('Needs reconnecting')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reconnect/ })).toBeNull();
  });
});

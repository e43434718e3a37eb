import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

// Radix's checkbox measures itself; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
let myRole: string;
let accounts: unknown[];
let posts: unknown[];

const account = (id: string, network: string, display_name: string, status = 'connected', status_message: string | null = null) => ({
  id, organization_id: 'acme', network, display_name, service_origin: 'https://bsky.social', external_id: null, status, status_message, created_by: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
});
const channel = (id: string, account_id: string, status: string, extra: Record<string, unknown> = {}) => ({
  id, organization_id: 'acme', post_id: 'p1', account_id, body: 'Launch', status, attempted_at: null, finished_at: null, published_url: null, external_id: null, result_message: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', ...extra,
});

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', first_name: 'Me' }, error: null };
  if (call.table === 'social_accounts') return { data: accounts, error: null };
  if (call.table === 'social_posts') return { data: posts, error: null };
  if (call.table === 'rpc:save_social_post') return { data: { id: 'p2' }, error: null };
  return workspaceRows(call, [{ id: 'acme', name: 'Acme', role: myRole }]);
}

const renderHub = () => renderRoutes([{ path: '/marketing/social', element: <AuthProvider><SocialHub /></AuthProvider> }], '/marketing/social');

beforeEach(() => {
  fake.reset();
  localStorage.clear();
  accounts = [account('b', 'bluesky', 'agency.bsky.social'), account('m', 'mastodon', 'agency@mastodon.social'), account('x', 'bluesky', 'old.bsky.social', 'reconnect', 'Bluesky refused the account’s credentials (HTTP 401).')];
  posts = [];
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

describe('the Social Hub', () => {
  it('checks each network’s length as the member types, and schedules only a post every network takes', async () => {
    myRole = 'member';
    const user = userEvent.setup();
    renderHub();
    const composer = await screen.findByRole('region', { name: 'Compose' });
    expect(within(composer).getByRole('button', { name: 'Import posts' })).toBeInTheDocument();
    await user.click(within(composer).getByLabelText('Post'));
    await user.paste('a'.repeat(400));
    await user.click(within(composer).getByRole('checkbox', { name: 'agency.bsky.social · bluesky' }));
    await user.click(within(composer).getByRole('checkbox', { name: 'agency@mastodon.social · mastodon' }));
    expect(within(composer).getByText(/400 \/ 300 — Bluesky takes 300 characters/)).toBeInTheDocument();
    expect(within(composer).getByText('400 / 500')).toBeInTheDocument();

    await user.click(within(composer).getByRole('button', { name: 'Schedule post' }));
    expect(within(composer).getByRole('alert')).toHaveTextContent('agency.bsky.social: Bluesky takes 300 characters');
    expect(fake.calls.some((call) => call.table === 'rpc:save_social_post')).toBe(false);

    const blueskyText = within(composer).getByLabelText('Text for agency.bsky.social');
    await user.clear(blueskyText);
    await user.paste('Short for Bluesky 🚀');
    expect(within(composer).getByText('19 / 300')).toBeInTheDocument();
    await user.click(within(composer).getByRole('button', { name: 'Schedule post' }));
    expect(within(composer).getByRole('alert')).toHaveTextContent('Choose when to publish, or save it as a draft.');
    expect(fake.calls.some((call) => call.table === 'rpc:save_social_post')).toBe(false);

    await user.click(within(composer).getByLabelText('Publish at'));
    await user.paste('2099-05-01T09:00');
    await user.click(within(composer).getByRole('button', { name: 'Schedule post' }));
    await vi.waitFor(() => expect(fake.calls.some((call) => call.table === 'rpc:save_social_post')).toBe(true));
    expect(fake.calls.find((call) => call.table === 'rpc:save_social_post')!.values).toEqual({
      workspace_id: 'acme', body: 'a'.repeat(400),
      channels: [{ account_id: 'b', body: 'Short for Bluesky 🚀' }, { account_id: 'm', body: 'a'.repeat(400) }],
      scheduled_at: new Date(2099, 4, 1, 9, 0).toISOString(),
    });
  });

  it('shows Reconnect on a refused account, and each post’s result per account', async () => {
    myRole = 'member';
    posts = [{
      id: 'p1', organization_id: 'acme', body: 'Launch', scheduled_at: '2026-01-01T09:00:00Z', created_by: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
      social_post_channels: [
        channel('c1', 'b', 'published', { published_url: 'https://bsky.app/profile/agency.bsky.social/post/3k' }),
        channel('c2', 'm', 'unconfirmed', { result_message: 'No answer from Mastodon, so the post may or may not be out.' }),
      ],
    }];
    renderHub();
    const accountList = await screen.findByRole('region', { name: 'Connected accounts' });
    expect(await within(accountList).findByRole('button', { name: 'Reconnect old.bsky.social' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reconnect agency.bsky.social' })).toBeNull();
    const list = await screen.findByRole('region', { name: 'Posts' });
    expect(await within(list).findByRole('link', { name: /bsky\.app\/profile\/agency\.bsky\.social\/post\/3k/ })).toBeInTheDocument();
    expect(within(list).getByText('Unconfirmed')).toBeInTheDocument();
    expect(within(list).getByText('No answer from Mastodon, so the post may or may not be out.')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Send again: agency@mastodon.social' })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Send again: agency.bsky.social' })).toBeNull();
  });

  it('gives a viewer the accounts and results with nothing to change', async () => {
    myRole = 'viewer';
    renderHub();
    expect(await screen.findByText(/You have view access/)).toBeInTheDocument();
    expect(await screen.findByText('agency.bsky.social')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Compose' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Connect account|Reconnect|Disconnect|Import posts/ })).toBeNull();
  });
});

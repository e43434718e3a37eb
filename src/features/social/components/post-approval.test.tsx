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

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
let myRole: string;
let needsApproval: boolean;
let posts: unknown[];

const post = (id: string, approval_status: string | null, extra: Record<string, unknown> = {}) => ({
  id, organization_id: 'acme', body: `Post ${id}`, scheduled_at: '2099-01-01T09:00:00Z', created_by: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
  approval_status, approval_comment: null, approval_decided_at: null, approval_decided_by: null, approval_reviewer: null, revision: 1,
  social_post_channels: [{ id: `c-${id}`, organization_id: 'acme', post_id: id, account_id: 'b', body: `Post ${id}`, status: approval_status === 'awaiting' ? 'awaiting_approval' : 'scheduled', attempted_at: null, finished_at: null, published_url: null, external_id: null, result_message: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' }],
  ...extra,
});

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', first_name: 'Me' }, error: null };
  if (call.table === 'organizations' && call.columns === 'social_posts_need_approval') return { data: { social_posts_need_approval: needsApproval }, error: null };
  if (call.table === 'social_accounts') return { data: [{ id: 'b', organization_id: 'acme', network: 'bluesky', display_name: 'agency.bsky.social', service_origin: 'https://bsky.social', external_id: null, status: 'connected', status_message: null, created_by: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' }], error: null };
  if (call.table === 'social_posts') return { data: posts, error: null };
  if (call.table === 'rpc:review_social_post' || call.table === 'rpc:set_social_posts_need_approval') return { data: {}, error: null };
  if (call.table === 'rpc:share_social_post_for_approval') return { data: [{ link_id: 'l1', token: 'tok_123', expires_at: '2099-01-08T00:00:00Z' }], error: null };
  return workspaceRows(call, [{ id: 'acme', name: 'Acme', role: myRole }]);
}

const renderHub = () => renderRoutes([{ path: '/marketing/social', element: <AuthProvider><SocialHub /></AuthProvider> }], '/marketing/social');
const rpc = (name: string) => fake.calls.filter((call) => call.table === `rpc:${name}`);

beforeEach(() => {
  fake.reset();
  localStorage.clear();
  needsApproval = false;
  posts = [post('p1', 'awaiting'), post('p2', 'changes_requested', { approval_comment: 'Use the new logo', approval_reviewer: 'Pat (client)' })];
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

describe('approval in the Social Hub', () => {
  it('lets an admin turn the requirement on, approve, request changes with a comment, and share a link', async () => {
    myRole = 'admin';
    const user = userEvent.setup();
    renderHub();
    await user.click(await screen.findByRole('switch', { name: 'Posts need approval' }));
    await vi.waitFor(() => expect(rpc('set_social_posts_need_approval')[0]?.values).toEqual({ workspace_id: 'acme', required: true }));

    const list = await screen.findByRole('region', { name: 'Posts' });
    const awaiting = within(list).getByText('Post p1').closest('li')!;
    expect(within(awaiting as HTMLElement).getAllByText('Awaiting approval').length).toBeGreaterThan(0);
    await user.click(await within(awaiting as HTMLElement).findByRole('button', { name: 'Approve' }));
    await vi.waitFor(() => expect(rpc('review_social_post')[0]?.values).toEqual({ post_id: 'p1', decision: 'approve' }));

    await user.click(within(awaiting as HTMLElement).getByRole('button', { name: 'Request changes' }));
    await user.click(within(awaiting as HTMLElement).getByRole('button', { name: 'Send request' }));
    expect(within(awaiting as HTMLElement).getByText('Say which changes you would like.')).toBeInTheDocument();
    expect(rpc('review_social_post')).toHaveLength(1);
    await user.type(within(awaiting as HTMLElement).getByLabelText('What should change?'), 'Shorter');
    await user.click(within(awaiting as HTMLElement).getByRole('button', { name: 'Send request' }));
    await vi.waitFor(() => expect(rpc('review_social_post')[1]?.values).toEqual({ post_id: 'p1', decision: 'request_changes', comment: 'Shorter' }));

    await user.click(within(awaiting as HTMLElement).getByRole('button', { name: 'Share for approval' }));
    expect(await within(awaiting as HTMLElement).findByLabelText(/Approval link/)).toHaveValue(`${window.location.origin}/approve/tok_123`);

    const changed = within(list).getByText('Post p2').closest('li')! as HTMLElement;
    expect(within(changed).getByText('Changes requested')).toBeInTheDocument();
    expect(within(changed).getByText('Use the new logo')).toBeInTheDocument();
    expect(within(changed).getByText('by Pat (client)')).toBeInTheDocument();
    expect(within(changed).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('shows a member the status and comment, with no way to approve, share or change the setting', async () => {
    myRole = 'member';
    needsApproval = true;
    renderHub();
    const toggle = await screen.findByRole('switch', { name: 'Posts need approval' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    const list = await screen.findByRole('region', { name: 'Posts' });
    expect(within(list).getByText('Use the new logo')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Approve|Request changes|Share for approval/ })).toBeNull();
  });
});

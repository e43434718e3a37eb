import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from '@/lib/toast';
import { beforeEach, afterEach, describe, expect, it, vi } from 'vitest';
import { EditorialCalendar } from '@/features/content/components/editorial-calendar';
import { AuthProvider } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, type FakeSupabase, type QueryCall, workspaceRows } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/toast', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
const profile = { id: 'p1', user_id: 'user-1', organization_id: 'org-1', first_name: 'Ada', last_name: 'L', marketing_role: 'social_media_manager', last_active: null, created_at: '', updated_at: '' };
const now = new Date('2026-03-11T08:00:00Z');
const accounts = [
  { id: 'acc-bsky', network: 'bluesky', display_name: 'studio.bsky.social', status: 'connected' },
  { id: 'acc-masto', network: 'mastodon', display_name: '@studio@example.social', status: 'connected' },
];
let posts: { id: string; body: string; scheduled_at: string | null; approval_status: string | null; social_post_channels: { account_id: string; status: string }[] }[];
let refuse = false;

function respond(call: QueryCall) {
  if (call.table === 'profiles') return { data: profile, error: null };
  const workspace = workspaceRows(call, [{ id: 'org-1', name: 'Analytical Engines', timeZone: 'Asia/Tokyo' }]);
  if (workspace) return workspace;
  if (call.table === 'content_items') return { data: [{ id: 'c1', title: 'Spring article', status: 'review', content_type: 'article', planned_publish_at: '2026-03-13T10:00:00Z', publish_on_schedule: false }], error: null };
  if (call.table === 'social_accounts') return { data: accounts, error: null };
  if (call.table === 'social_posts') return { data: posts, error: null };
  if (call.table === 'rpc:reschedule_social_post') {
    if (refuse) return { data: null, error: { message: 'This post has already gone out (or is going out) on some accounts: it can no longer move.', code: 'P0001', details: 'post_sent' } };
    return { data: { id: 'p-bsky' }, error: null };
  }
  return undefined;
}

function renderCalendar(canWrite = true) {
  return renderRoutes([{ path: '/', element: <AuthProvider><EditorialCalendar canWrite={canWrite} /></AuthProvider> }], '/');
}

beforeEach(() => {
  vi.useFakeTimers({ now, toFake: ['Date'] });
  fake.reset();
  refuse = false;
  posts = [
    { id: 'p-bsky', body: 'Spring launch thread', scheduled_at: '2026-03-13T00:30:00Z', approval_status: null, social_post_channels: [{ account_id: 'acc-bsky', status: 'scheduled' }] },
    { id: 'p-masto', body: 'Toot about the launch', scheduled_at: '2026-03-14T09:00:00Z', approval_status: 'awaiting', social_post_channels: [{ account_id: 'acc-masto', status: 'awaiting_approval' }] },
  ];
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

afterEach(() => {
  vi.useRealTimers();
});

describe('EditorialCalendar with the Social Hub’s posts', () => {
  it('shows scheduled posts beside content items with their network, and filters by channel', async () => {
    renderCalendar();
    expect(await screen.findByRole('button', { name: /^Social · bluesky: Spring launch thread, Scheduled/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Social · mastodon: Toot about the launch, Awaiting approval/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Spring article, In Review/ })).toBeInTheDocument();

    const filter = screen.getByLabelText('Channel');
    fireEvent.change(filter, { target: { value: 'acc-bsky' } });
    expect(screen.getByRole('button', { name: /Spring launch thread/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Toot about the launch/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Spring article/ })).toBeNull();

    fireEvent.change(filter, { target: { value: 'content' } });
    expect(screen.getByRole('button', { name: /Spring article/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Spring launch thread/ })).toBeNull();
  });

  it('moves a post a day with Alt + →, keeping its time of day in the workspace’s zone (Tokyo), through reschedule_social_post', async () => {
    renderCalendar();
    const post = await screen.findByRole('button', { name: /Spring launch thread/ });
    fireEvent.keyDown(post, { key: 'ArrowRight', altKey: true });
    // 2026-03-13T00:30Z is 09:30 on the 13th in Tokyo: the 14th at 09:30 there.
    await waitFor(() => expect(fake.calls.find((call) => call.table === 'rpc:reschedule_social_post')?.values).toEqual({ post_id: 'p-bsky', scheduled_at: '2026-03-14T00:30:00.000Z' }));
  });

  it('says so when the database refuses the move, and a viewer cannot move a post', async () => {
    refuse = true;
    const { unmount } = renderCalendar();
    fireEvent.keyDown(await screen.findByRole('button', { name: /Spring launch thread/ }), { key: 'ArrowRight', altKey: true });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error moving the post', { description: expect.stringContaining('can no longer move') }));
    unmount();
    fake.reset();
    fake.respondWith(respond);
    fake.setSession(fakeSession());
    renderCalendar(false);
    const post = await screen.findByRole('group', { name: /Spring launch thread/ });
    fireEvent.keyDown(post, { key: 'ArrowRight', altKey: true });
    expect(fake.calls.some((call) => call.table === 'rpc:reschedule_social_post')).toBe(false);
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
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
vi.mock('@/lib/toast', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
let myRole: string;
let posts: unknown[];
let saveResult: FakeResult;
const MOMENT = new Date(2099, 4, 1, 9, 0).toISOString();

const account = (id: string, network: string, display_name: string) => ({
  id, organization_id: 'acme', network, display_name, service_origin: 'https://example.social', external_id: null, status: 'connected', status_message: null, created_by: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
});
const post = (id: string, body: string, channels: Array<[string, string, string?]>, extra: Record<string, unknown> = {}) => ({
  id, organization_id: 'acme', body, scheduled_at: MOMENT, created_by: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
  approval_status: null, approval_comment: null, approval_decided_at: null, approval_decided_by: null, approval_reviewer: null, revision: 1,
  social_post_channels: channels.map(([account_id, status, text]) => ({ id: `${id}-${account_id}`, organization_id: 'acme', post_id: id, account_id, body: text ?? body, status, attempted_at: null, finished_at: null, published_url: null, external_id: null, result_message: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' })),
  ...extra,
});

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', first_name: 'Me' }, error: null };
  if (call.table === 'organizations' && call.columns === 'social_posts_need_approval') return { data: { social_posts_need_approval: true }, error: null };
  if (call.table === 'social_accounts') return { data: [account('b', 'bluesky', 'agency.bsky.social'), account('m', 'mastodon', 'agency@mastodon.social')], error: null };
  if (call.table === 'social_posts') return { data: posts, error: null };
  if (call.table === 'rpc:save_social_post') return saveResult;
  return workspaceRows(call, [{ id: 'acme', name: 'Acme', role: myRole }]);
}

const renderHub = () => renderRoutes([{ path: '/marketing/social', element: <AuthProvider><SocialHub /></AuthProvider> }], '/marketing/social');
const saves = () => fake.calls.filter((call) => call.table === 'rpc:save_social_post');

beforeEach(() => {
  fake.reset();
  localStorage.clear();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  myRole = 'member';
  posts = [
    post('p1', 'Approved launch', [['b', 'scheduled'], ['m', 'scheduled', 'Approved launch, fediverse']], { approval_status: 'approved' }),
    post('p2', 'Already out', [['b', 'published']]),
    post('p3', 'Going out now', [['b', 'attempting']]),
  ];
  saveResult = { data: { ...(posts[0] as object), approval_status: 'awaiting' }, error: null };
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

async function openEdit(user: ReturnType<typeof userEvent.setup>) {
  const list = await screen.findByRole('region', { name: 'Posts' });
  await user.click(await within(list).findByRole('button', { name: 'Edit post: Approved launch' }));
  return screen.findByRole('dialog', { name: 'Edit post' });
}

describe('editing a post in the Social Hub', () => {
  it('offers Edit on queued posts only, not on one published or being published', async () => {
    renderHub();
    const list = await screen.findByRole('region', { name: 'Posts' });
    expect(await within(list).findByRole('button', { name: 'Edit post: Approved launch' })).toBeInTheDocument();
    expect(within(list).getAllByRole('button', { name: /^Edit post/ })).toHaveLength(1);
  });

  it('prefills the composer’s form, saves the changes through save_social_post and says the post waits for approval again', async () => {
    const user = userEvent.setup();
    renderHub();
    const dialog = await openEdit(user);
    expect(within(dialog).getByLabelText('Post')).toHaveValue('Approved launch');
    expect(within(dialog).getByRole('checkbox', { name: 'agency.bsky.social · bluesky' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'agency@mastodon.social · mastodon' })).toBeChecked();
    expect(within(dialog).getByLabelText('Text for agency@mastodon.social')).toHaveValue('Approved launch, fediverse');
    expect(within(dialog).getByLabelText('Text for agency.bsky.social')).toHaveValue('Approved launch');
    expect(within(dialog).getByLabelText('Publish at')).toHaveValue('2099-05-01T09:00');

    await user.clear(within(dialog).getByLabelText('Post'));
    await user.type(within(dialog).getByLabelText('Post'), 'New launch text');
    await user.click(within(dialog).getByRole('checkbox', { name: 'agency@mastodon.social · mastodon' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await vi.waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.values).toEqual({ workspace_id: 'acme', post_id: 'p1', body: 'New launch text', channels: [{ account_id: 'b', body: 'New launch text' }], scheduled_at: MOMENT });
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Changes saved. The post changed after its approval, so it waits for approval again.'));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit post' })).toBeNull());
  });

  it('shows a saved thread in the form; editing a part and removing another saves the thread that is left', async () => {
    const withThread = post('p1', 'Approved launch', [['b', 'scheduled']], { approval_status: 'approved' }) as { social_post_channels: Array<Record<string, unknown>> };
    withThread.social_post_channels[0]!.parts = ['Part two', 'Part three'];
    posts = [withThread];
    const user = userEvent.setup();
    renderHub();
    const dialog = await openEdit(user);
    const second = await within(dialog).findByLabelText('Part 2 of 3');
    expect(second).toHaveValue('Part two');
    expect(within(dialog).getByLabelText('Part 3 of 3')).toHaveValue('Part three');

    await user.type(second, ', edited');
    await user.click(within(dialog).getByRole('button', { name: 'Remove part 3' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.values).toMatchObject({ channels: [{ account_id: 'b', body: 'Approved launch', parts: ['Part two, edited'] }] });
  });

  it('an edit of a post without a thread sends no parts (the database keeps what it has)', async () => {
    const user = userEvent.setup();
    renderHub();
    const dialog = await openEdit(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.values).not.toHaveProperty('channels.0.parts');
  });

  it('keeps the dialog open with the database’s refusal and everything typed', async () => {
    saveResult = { data: null, error: { message: 'This post has already gone out (or is going out) on some accounts: it can no longer change.', code: 'P0001', details: 'post_sent' } };
    const user = userEvent.setup();
    renderHub();
    const dialog = await openEdit(user);
    await user.clear(within(dialog).getByLabelText('Post'));
    await user.type(within(dialog).getByLabelText('Post'), 'Typed with care');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This post has already gone out (or is going out) on some accounts: it can no longer change.');
    expect(screen.getByRole('dialog', { name: 'Edit post' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Post')).toHaveValue('Typed with care');
    expect(within(dialog).getByRole('button', { name: 'Save changes' })).toBeEnabled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('checks the edited text against each network before saving, as the composer does', async () => {
    const user = userEvent.setup();
    renderHub();
    const dialog = await openEdit(user);
    await user.click(within(dialog).getByLabelText('Text for agency.bsky.social'));
    await user.paste('a'.repeat(300));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/agency\.bsky\.social: Bluesky takes 300 characters/);
    expect(saves()).toHaveLength(0);
  });

  it('gives a viewer no Edit', async () => {
    myRole = 'viewer';
    renderHub();
    await screen.findByText('Approved launch');
    expect(screen.queryByRole('button', { name: /^Edit post/ })).toBeNull();
  });
});

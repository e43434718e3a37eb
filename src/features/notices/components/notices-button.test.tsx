import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticesButton } from '@/features/notices/components/notices-button';
import { WorkspaceProvider } from '@/lib/workspace';
import { supabase } from '@/lib/supabase';
import { fakeSession, workspaceRows, type FakeResult, type FakeSupabase, type QueryCall } from '@/testing/fake-supabase';
import { Landing, renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
const reconnect = {
  id: 'n-1', kind: 'social_reconnect', title: 'Reconnect ada.bsky.social', body: 'The Bluesky account ada.bsky.social stopped working.',
  contact_id: null, created_at: '2026-11-28T09:00:00Z', read_at: null,
};
const workflow = { id: 'n-2', kind: 'automation', title: 'Hot lead: Grace', body: '', contact_id: 'c-1', created_at: '2026-11-27T09:00:00Z', read_at: '2026-11-27T10:00:00Z' };

function answer(notices: object[] | 'fail', unread: number) {
  fake.respondWith((call: QueryCall): FakeResult | undefined => {
    if (call.table !== 'member_notices') return workspaceRows(call, [{ id: 'org-1', name: 'Analytical Engines' }]);
    if (call.operation === 'update') return { data: null, error: null };
    if (call.count?.head) return { data: null, count: unread, error: null };
    return notices === 'fail' ? { data: null, error: { message: 'connection reset' } } : { data: notices, error: null };
  });
}

function renderButton() {
  return renderRoutes([
    { path: '/dashboard', element: <WorkspaceProvider userId="user-1"><NoticesButton /></WorkspaceProvider> },
    { path: '/marketing/social', element: <Landing name="social hub" /> },
  ], '/dashboard');
}

beforeEach(() => {
  fake.reset();
  fake.setSession(fakeSession());
});

describe('the notifications button', () => {
  it('shows the unread count of the current workspace, opens the latest notices and leads to where each is dealt with', async () => {
    answer([reconnect, workflow], 1);
    renderButton();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    const countCall = fake.calls.find((call) => call.table === 'member_notices' && call.count?.head);
    expect(countCall?.filters).toEqual([['organization_id', 'org-1'], ['read_at', 'is.null']]);
    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('Reconnect ada.bsky.social')).toBeInTheDocument();
    expect(within(panel).getAllByText('Unread')).toHaveLength(1);
    expect(within(panel).getByRole('link', { name: 'Open the contact’s workflows' })).toHaveAttribute('href', '/marketing/automation');
    await userEvent.click(within(panel).getByRole('link', { name: 'Reconnect in the Social Hub' }));
    expect(await screen.findByText('landed on social hub')).toBeInTheDocument();
  });

  it('marks the unread ones read, and says when nothing is new', async () => {
    answer([reconnect], 1);
    renderButton();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    answer([{ ...reconnect, read_at: '2026-11-28T09:05:00Z' }], 0);
    await userEvent.click(await within(panel).findByRole('button', { name: 'Mark all as read' }));
    const update = fake.calls.find((call) => call.table === 'member_notices' && call.operation === 'update');
    expect(update?.filters).toEqual([['organization_id', 'org-1'], ['id', 'in.(n-1)'], ['read_at', 'is.null']]);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() => expect(within(panel).queryByText('Unread')).toBeNull());
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('says when there is nothing, and offers to try again when the list cannot be loaded', async () => {
    answer('fail', 0);
    renderButton();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('Notifications could not be loaded.')).toBeInTheDocument();
    answer([], 0);
    await userEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText('Nothing new. Workflows and connected accounts notify you here.')).toBeInTheDocument();
  });
});

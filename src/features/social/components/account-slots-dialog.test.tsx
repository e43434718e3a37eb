import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toDateTimeInput } from '@/lib/datetime-local';
import { AccountSlotsDialog } from '@/features/social/components/account-slots-dialog';
import { NextFreeSlotButton } from '@/features/social/components/next-free-slot-button';
import { AuthProvider } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, type FakeSupabase, type QueryCall, workspaceRows } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
const profile = { id: 'p1', user_id: 'user-1', organization_id: 'org-1', first_name: 'Ada', last_name: 'L', marketing_role: 'social_media_manager', last_active: null, created_at: '', updated_at: '' };
let slots: { id: string; weekday: number; local_time: string }[];
let posts: { scheduled_at: string; social_post_channels: { account_id: string; status: string }[] }[];

function respond(call: QueryCall) {
  if (call.table === 'profiles') return { data: profile, error: null };
  const workspace = workspaceRows(call, [{ id: 'org-1', name: 'Studio', timeZone: 'Europe/Berlin' }]);
  if (workspace) return workspace;
  if (call.table === 'social_account_slots' && call.operation === 'select') return { data: slots, error: null };
  if (call.table === 'social_account_slots') return { data: null, error: null };
  if (call.table === 'social_posts') return { data: posts, error: null };
  return undefined;
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-30T07:00:00Z'), toFake: ['Date'] });
  fake.reset();
  slots = [{ id: 's1', weekday: 1, local_time: '09:00:00' }, { id: 's2', weekday: 1, local_time: '17:00:00' }];
  posts = [];
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

afterEach(() => {
  vi.useRealTimers();
});

describe('AccountSlotsDialog', () => {
  it('lists the slots, adds weekdays at a time (leaving out those already there) and removes one', async () => {
    renderRoutes([{ path: '/', element: <AuthProvider><AccountSlotsDialog workspaceId="org-1" account={{ id: 'acc', display_name: 'studio.bsky.social' }} canWrite onOpenChange={() => undefined} /></AuthProvider> }], '/');
    expect(await screen.findByText('Monday at 09:00')).toBeInTheDocument();
    expect(await screen.findByText(/Europe\/Berlin/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add time slot' }));
    await waitFor(() => expect(fake.calls.find((call) => call.table === 'social_account_slots' && call.operation === 'insert')?.values).toEqual(
      [2, 3, 4, 5].map((weekday) => ({ organization_id: 'org-1', account_id: 'acc', weekday, local_time: '09:00' })),
    ));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Monday at 17:00' }));
    await waitFor(() => expect(fake.calls.some((call) => call.table === 'social_account_slots' && call.operation === 'delete')).toBe(true));
  });

  it('a viewer reads without Add or Remove', async () => {
    renderRoutes([{ path: '/', element: <AuthProvider><AccountSlotsDialog workspaceId="org-1" account={{ id: 'acc', display_name: 'x' }} canWrite={false} onOpenChange={() => undefined} /></AuthProvider> }], '/');
    expect(await screen.findByText('Monday at 17:00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add time slot|Remove/ })).toBeNull();
  });
});

async function clickWhenReady() {
  const button = await screen.findByRole('button', { name: 'Next free slot' });
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
}

describe('NextFreeSlotButton', () => {
  it('fills the next free slot in the workspace’s zone: 9:00 Berlin taken, so 17:00 Berlin (16:00Z)', async () => {
    posts = [{ scheduled_at: '2026-11-30T08:00:00Z', social_post_channels: [{ account_id: 'acc', status: 'scheduled' }] }];
    const onPick = vi.fn();
    renderRoutes([{ path: '/', element: <AuthProvider><NextFreeSlotButton accountIds={['acc']} onPick={onPick} /></AuthProvider> }], '/');
    await clickWhenReady();
    await waitFor(() => expect(onPick).toHaveBeenCalledWith(toDateTimeInput('2026-11-30T16:00:00.000Z')));
    expect(screen.getByRole('status')).toHaveTextContent(/^Next free slot: /);
  });

  it('asks for an account first, and says when no slot is free', async () => {
    const onPick = vi.fn();
    const { unmount } = renderRoutes([{ path: '/', element: <AuthProvider><NextFreeSlotButton accountIds={[]} onPick={onPick} /></AuthProvider> }], '/');
    await clickWhenReady();
    expect(await screen.findByText(/Choose an account first/)).toBeInTheDocument();
    unmount();
    slots = [];
    renderRoutes([{ path: '/', element: <AuthProvider><NextFreeSlotButton accountIds={['acc']} onPick={onPick} /></AuthProvider> }], '/');
    await clickWhenReady();
    expect(await screen.findByText(/No free time slot/)).toBeInTheDocument();
    expect(onPick).not.toHaveBeenCalled();
  });
});

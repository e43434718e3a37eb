import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreateWorkspaceDialog } from '@/components/workspace/create-workspace-dialog';
import { AuthProvider } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, workspaceRows, type FakeSupabase } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;

function renderDialog() {
  renderRoutes([{ path: '/', element: <AuthProvider><CreateWorkspaceDialog open onOpenChange={() => {}} /></AuthProvider> }], '/');
}

async function createNamed(name: string) {
  const user = userEvent.setup();
  renderDialog();
  await user.type(await screen.findByRole('textbox', { name: /Workspace name/ }), name);
  await user.click(screen.getByRole('button', { name: 'Create' }));
  await waitFor(() => expect(fake.calls.some((call) => call.table === 'rpc:create_workspace')).toBe(true));
}

beforeEach(() => {
  fake.reset();
  localStorage.clear();
  fake.respondWith((call) => {
    if (call.table === 'rpc:create_workspace') return { data: { id: 'new-ws', name: 'Studio', is_personal: false, time_zone: 'UTC' }, error: null };
    if (call.table === 'profiles') return { data: { user_id: 'user-1', first_name: 'Me' }, error: null };
    return workspaceRows(call, [{ id: 'acme', name: 'Acme' }]);
  });
  fake.setSession(fakeSession());
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('creating a workspace', () => {
  it('gives the new workspace the browser’s time zone', async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'Europe/Vienna' } as Intl.ResolvedDateTimeFormatOptions);
    await createNamed('Studio');
    await waitFor(() => expect(fake.calls.find((call) => call.table === 'rpc:set_workspace_time_zone')?.values).toEqual({ workspace_id: 'new-ws', time_zone: 'Europe/Vienna' }));
  });

  it('leaves it at UTC when the browser is in UTC', async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'UTC' } as Intl.ResolvedDateTimeFormatOptions);
    await createNamed('Studio');
    // Done: the workspace list is read again after the creation.
    await waitFor(() => expect(fake.calls.findLastIndex((call) => call.table === 'organizations')).toBeGreaterThan(fake.calls.findIndex((call) => call.table === 'rpc:create_workspace')));
    expect(fake.calls.some((call) => call.table === 'rpc:set_workspace_time_zone')).toBe(false);
  });
});

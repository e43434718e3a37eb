import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { InvitationPage } from '@/features/team/components/invitation-page';
import { AuthProvider } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, workspaceRows, type FakeResult, type FakeSupabase, type QueryCall } from '@/testing/fake-supabase';
import { Landing, renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
const TOKEN = 'q3Vx_9-aZ0kLmNoPqRsTuVwXyZ0123456789abcdEFG';
const pending = { status: 'pending', workspace_name: 'Acme Marketing', inviter_name: 'Olive Owner', email: 'ivy@example.com', access_role: 'viewer', expires_at: '2026-12-01T00:00:00Z' };
let preview: Record<string, unknown>;
let accept: FakeResult;
let joined: boolean;

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', first_name: 'Ivy', last_name: 'Invitee' }, error: null };
  if (call.table === 'rpc:get_invitation') return { data: preview, error: null };
  if (call.table === 'rpc:accept_invitation') {
    if (!accept.error) joined = true;
    return accept;
  }
  return workspaceRows(call, joined ? [{ id: 'own', name: 'Ivy Co' }, { id: 'acme', name: 'Acme Marketing', role: 'viewer' }] : [{ id: 'own', name: 'Ivy Co' }]);
}

function renderPage() {
  return renderRoutes(
    [
      { path: '/invite/:token', element: <AuthProvider><InvitationPage token={TOKEN} /></AuthProvider> },
      { path: '/dashboard', element: <Landing name="dashboard" /> },
      { path: '/auth', element: <Landing name="auth" /> },
      { path: '/sign-up', element: <Landing name="sign-up" /> },
    ],
    `/invite/${TOKEN}`,
  );
}

beforeEach(() => {
  fake.reset();
  localStorage.clear();
  preview = pending;
  accept = { data: 'acme', error: null };
  joined = false;
  fake.respondWith(respond);
});

describe('/invite/<token>', () => {
  it('tells a signed-out visitor who invites them to what, and leads to sign-in or sign-up with the address', async () => {
    const { router } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Acme Marketing' })).toBeInTheDocument();
    expect(screen.getByText('Olive Owner invited you to Acme Marketing as a viewer.')).toBeInTheDocument();
    expect(screen.getByText(/The invitation is for ivy@example.com/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In to Accept' })).toHaveAttribute('href', `/auth?invite=${TOKEN}&email=ivy%40example.com`);
    await userEvent.click(screen.getByRole('link', { name: 'Create Account' }));
    expect(router.state.location.pathname).toBe('/sign-up');
    expect(fake.calls.find((call) => call.table === 'rpc:get_invitation')?.values).toEqual({ token: TOKEN });
  });

  it('accepts for the invited address (any case) and opens the dashboard in the new workspace', async () => {
    fake.setSession(fakeSession({ email: 'IVY@example.com' }));
    const { router } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept Invitation' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('bb-current-workspace:user-1')).toBe('acme');
    expect(fake.calls.find((call) => call.table === 'rpc:accept_invitation')?.values).toEqual({ token: TOKEN });
  });

  it('tells a user signed in with another address plainly, and joins nothing', async () => {
    fake.setSession(fakeSession({ email: 'someone@else.com' }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This invitation is for another e-mail address' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('You are signed in as someone@else.com, but the invitation was sent to ivy@example.com.');
    expect(screen.queryByRole('button', { name: 'Accept Invitation' })).toBeNull();
    expect(fake.calls.some((call) => call.table === 'rpc:accept_invitation')).toBe(false);
  });

  it.each([
    [{ status: 'expired', workspace_name: 'Acme Marketing', inviter_name: 'Olive Owner' }, 'This invitation has expired', 'Ask Olive Owner to send a new one to Acme Marketing.'],
    [{ status: 'accepted' }, 'This invitation has already been used', 'Each invitation link works once.'],
    [{ status: 'revoked' }, 'This invitation was withdrawn', 'The person who invited you revoked it.'],
    [{ status: 'invalid' }, 'This invitation link is not valid', 'Check that you copied the whole link'],
  ])('says so for a link that cannot be accepted: %j', async (row, title, text) => {
    preview = { workspace_name: null, inviter_name: null, email: null, access_role: null, expires_at: null, ...row };
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept Invitation' })).toBeNull();
  });

  it('keeps the page when accepting fails, saying why in words', async () => {
    fake.setSession(fakeSession({ email: 'ivy@example.com' }));
    accept = { data: null, error: { message: 'raw server text', code: 'P0001', details: 'invitation_expired' } };
    const failed = vi.spyOn(toast, 'error');
    const { router } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept Invitation' }));
    await vi.waitFor(() => expect(failed).toHaveBeenCalledWith('That did not work', { description: 'This invitation has expired.' }));
    expect(router.state.location.pathname).toBe(`/invite/${TOKEN}`);
  });
});

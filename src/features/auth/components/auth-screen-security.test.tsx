import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthScreen } from '@/features/auth/components/auth-screen';
import { AuthProvider } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, type FakeSupabase } from '@/testing/fake-supabase';
import { Landing, renderRoutes } from '@/testing/render';
import { vi } from 'vitest';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;

function renderAuth() {
  return renderRoutes(
    [
      { element: <AuthProvider><Outlet /></AuthProvider>, children: [{ path: '/auth', element: <AuthScreen initialTab="signin" /> }] },
      { path: '/dashboard', element: <Landing name="dashboard" /> },
    ],
    '/auth',
  );
}

const signInPanel = () => within(screen.getByRole('tabpanel', { name: 'Sign In' }));

beforeEach(() => {
  fake.reset();
});

describe('Email me a sign-in link', () => {
  it('sends a link for an existing account back to /auth, keeps the typed address, and signs in with the code', async () => {
    renderAuth();
    await screen.findByRole('tabpanel', { name: 'Sign In' });
    await userEvent.type(signInPanel().getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(signInPanel().getByRole('button', { name: 'Email me a sign-in link' }));
    const form = signInPanel().getByRole('form', { name: 'Email me a sign-in link' });
    expect(within(form).getByLabelText('Email')).toHaveValue('ada@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Email me a sign-in link' }));
    expect(fake.auth.signInWithOtp).toHaveBeenCalledWith({
      email: 'ada@example.com',
      options: { shouldCreateUser: false, emailRedirectTo: `${window.location.origin}/auth` },
    });
    expect(await signInPanel().findByText('We sent a sign-in link to ada@example.com. Open it on this device to sign in.')).toBeInTheDocument();
    expect(signInPanel().getByRole('button', { name: /^Send a new link in \d+ s$/ })).toBeDisabled();

    await userEvent.type(signInPanel().getByLabelText('Or enter the 6-digit code from the e-mail'), '12345');
    await userEvent.click(signInPanel().getByRole('button', { name: 'Sign in with the code' }));
    expect(signInPanel().getByLabelText('Or enter the 6-digit code from the e-mail')).toHaveAccessibleDescription('The code has 6 digits (this one has 5).');
    expect(fake.auth.verifyOtp).not.toHaveBeenCalled();

    fake.auth.verifyOtp.mockResolvedValueOnce({ data: { user: null, session: null }, error: { message: 'Token has expired or is invalid', code: 'otp_expired' } as never });
    await userEvent.type(signInPanel().getByLabelText('Or enter the 6-digit code from the e-mail'), '6');
    await userEvent.click(signInPanel().getByRole('button', { name: 'Sign in with the code' }));
    expect(fake.auth.verifyOtp).toHaveBeenCalledWith({ email: 'ada@example.com', token: '123456', type: 'email' });
    expect(await signInPanel().findByRole('alert')).toHaveTextContent('This code is wrong or has expired');
  });

  it('asks for a valid address before sending, and goes back to the password form', async () => {
    renderAuth();
    await screen.findByRole('tabpanel', { name: 'Sign In' });
    await userEvent.click(signInPanel().getByRole('button', { name: 'Email me a sign-in link' }));
    const form = signInPanel().getByRole('form', { name: 'Email me a sign-in link' });
    await userEvent.click(within(form).getByRole('button', { name: 'Email me a sign-in link' }));
    expect(within(form).getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(fake.auth.signInWithOtp).not.toHaveBeenCalled();
    await userEvent.click(signInPanel().getByRole('button', { name: 'Sign in with your password instead' }));
    expect(signInPanel().getByLabelText('Password')).toBeInTheDocument();
  });
});

describe('an account with two-factor authentication', () => {
  it('asks for the app’s code after the password, and only then goes to the dashboard', async () => {
    fake.auth.signInWithPassword.mockImplementationOnce(async () => {
      const session = fakeSession({ aal: 'aal1', twoFactor: true });
      await fake.emit('SIGNED_IN', session);
      return { data: { user: session.user, session }, error: null } as never;
    });
    fake.auth.mfa.listFactors.mockResolvedValue({ data: { all: [], totp: [{ id: 'factor-1' }], phone: [] }, error: null });
    fake.auth.mfa.challengeAndVerify.mockImplementationOnce(async () => {
      await fake.emit('MFA_CHALLENGE_VERIFIED', fakeSession({ aal: 'aal2', twoFactor: true }));
      return { data: null, error: null };
    });
    const { router } = renderAuth();
    await screen.findByRole('tabpanel', { name: 'Sign In' });
    await userEvent.type(signInPanel().getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(signInPanel().getByLabelText('Password'), 'secret1');
    await userEvent.click(signInPanel().getByRole('button', { name: 'Sign In' }));

    const code = await screen.findByLabelText('Authentication code');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(router.state.location.pathname).toBe('/auth');
    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(fake.auth.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'factor-1', code: '123456' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('a session restored without its code (a link, a reload) gets the code step, and may sign out instead', async () => {
    fake.setSession(fakeSession({ aal: 'aal1', twoFactor: true }));
    fake.auth.mfa.challengeAndVerify.mockResolvedValueOnce({ data: null, error: { message: 'Invalid TOTP code entered', code: 'mfa_verification_failed' } as never });
    fake.auth.mfa.listFactors.mockResolvedValue({ data: { all: [], totp: [{ id: 'factor-1' }], phone: [] }, error: null });
    renderAuth();
    await userEvent.type(await screen.findByLabelText('Authentication code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out and use another account' }));
    expect(fake.auth.signOut).toHaveBeenCalledWith({ scope: 'global' });
  });
});

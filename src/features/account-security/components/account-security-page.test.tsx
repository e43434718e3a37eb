import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountSecurityPage } from '@/features/account-security/components/account-security-page';
import { AuthProvider, ProtectedRoute } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, workspaceRows, type FakeSupabase } from '@/testing/fake-supabase';
import { Landing, renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
const verified = { id: 'factor-1', factor_type: 'totp', status: 'verified', friendly_name: 'Authenticator app' };
const unfinished = { id: 'factor-0', factor_type: 'totp', status: 'unverified', friendly_name: 'Authenticator app' };

function listFactors(all: object[]) {
  fake.auth.mfa.listFactors.mockResolvedValue({ data: { all, totp: all.filter((f) => (f as typeof verified).status === 'verified') as never, phone: [] }, error: null });
}

function renderPage() {
  return renderRoutes(
    [
      { element: <AuthProvider><ProtectedRoute /></AuthProvider>, children: [{ path: '/account/security', element: <AccountSecurityPage /> }] },
      { path: '/auth', element: <Landing name="auth" /> },
    ],
    '/account/security',
  );
}

beforeEach(() => {
  fake.reset();
  fake.setSession(fakeSession({ aal: 'aal1' }));
  fake.respondWith((call) => workspaceRows(call, [{ id: 'org-1', name: 'Analytical Engines' }]));
});

describe('/account/security', () => {
  it('turns two-factor on: removes an unfinished enrolment, shows the QR code and key once, verifies the first code', async () => {
    listFactors([unfinished]);
    fake.auth.mfa.enroll.mockResolvedValueOnce({
      data: { id: 'factor-2', type: 'totp', friendly_name: 'Authenticator app', totp: { qr_code: 'data:image/svg+xml;utf-8,<svg/>', secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://x' } },
      error: null,
    });
    const success = vi.spyOn(toast, 'success');
    renderPage();
    expect(await screen.findByText('Off')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor authentication' });
    expect(await within(dialog).findByRole('img', { name: 'QR code to add this account to an authenticator app' })).toHaveAttribute('src', 'data:image/svg+xml;utf-8,<svg/>');
    expect(fake.auth.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'factor-0' });
    expect(fake.auth.mfa.enroll).toHaveBeenCalledWith({ factorType: 'totp', friendlyName: 'Authenticator app' });
    expect(within(dialog).getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');

    await userEvent.type(within(dialog).getByLabelText('Enter the 6-digit code the app now shows'), '12345x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(within(dialog).getByLabelText('Enter the 6-digit code the app now shows')).toHaveAccessibleDescription('The code has digits only.');
    await userEvent.clear(within(dialog).getByLabelText('Enter the 6-digit code the app now shows'));
    await userEvent.type(within(dialog).getByLabelText('Enter the 6-digit code the app now shows'), '123456');
    listFactors([verified]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(fake.auth.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'factor-2', code: '123456' });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Two-factor authentication is on. You will enter a code each time you sign in.'));
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closing the dialog before the first code removes the unfinished factor', async () => {
    listFactors([]);
    fake.auth.mfa.enroll.mockResolvedValueOnce({
      data: { id: 'factor-3', type: 'totp', friendly_name: 'Authenticator app', totp: { qr_code: 'data:image/svg+xml;utf-8,<svg/>', secret: 'ABCD', uri: 'otpauth://x' } },
      error: null,
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on two-factor authentication' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('totp-secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.auth.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'factor-3' });
  });

  it('turns two-factor off with a fresh code, says which workspaces require it, and shows a wrong code', async () => {
    fake.setSession(fakeSession({ aal: 'aal2', twoFactor: true }));
    fake.respondWith((call) => {
      if (call.table === 'organizations') return { data: [{ id: 'org-1', name: 'Analytical Engines', is_personal: false, require_two_factor: true }], error: null };
      return workspaceRows(call, [{ id: 'org-1', name: 'Analytical Engines' }]);
    });
    listFactors([verified]);
    fake.auth.mfa.challengeAndVerify.mockResolvedValueOnce({ data: null, error: { message: 'Invalid TOTP code entered', code: 'mfa_verification_failed' } as never });
    renderPage();
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(await screen.findByText('Required by “Analytical Engines”.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication?' });
    expect(within(dialog).getByText('Required by “Analytical Engines”.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Current code from your app'), '000000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off two-factor' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(fake.auth.mfa.unenroll).not.toHaveBeenCalled();

    await userEvent.clear(within(dialog).getByLabelText('Current code from your app'));
    await userEvent.type(within(dialog).getByLabelText('Current code from your app'), '111111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off two-factor' }));
    await waitFor(() => expect(fake.auth.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'factor-1' }));
    expect(fake.auth.refreshSession).toHaveBeenCalled();
  });

  it('says when the factors cannot be read, with a retry', async () => {
    fake.auth.mfa.listFactors.mockResolvedValue({ data: null as never, error: { message: 'offline' } as never });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your sign-in settings could not be loaded.');
    listFactors([]);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Off')).toBeInTheDocument();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import { Outlet, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthScreen } from '@/features/auth/components/auth-screen';
import { AuthProvider } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, type FakeSupabase } from '@/testing/fake-supabase';
import { Landing, renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;

function renderAuth(path = '/auth') {
  return renderRoutes(
    [
      {
        element: <AuthProvider><OutletScreen /></AuthProvider>,
        children: [
          { path: '/auth', element: <AuthScreen initialTab="signin" /> },
          { path: '/sign-up', element: <SignUpScreen /> },
        ],
      },
      { path: '/dashboard', element: <Landing name="dashboard" /> },
      { path: '/', element: <Landing name="home" /> },
    ],
    path,
  );
}

function OutletScreen() {
  return <Outlet />;
}

function SignUpScreen() {
  const [params] = useSearchParams();
  return <AuthScreen initialTab="signup" planSlug={params.get('plan')} />;
}

function signInPanel() {
  return within(screen.getByRole('tabpanel', { name: 'Sign In' }));
}

function signUpPanel() {
  return within(screen.getByRole('tabpanel', { name: 'Sign Up' }));
}

async function fillSignUp(values: Partial<Record<string, string>>) {
  const panel = signUpPanel();
  const labels: Record<string, string> = {
    firstName: 'First Name',
    lastName: 'Last Name',
    companyName: 'Company Name (Optional)',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm Password',
  };
  for (const [field, value] of Object.entries(values)) {
    const input = panel.getByLabelText(labels[field]!);
    await userEvent.clear(input);
    if (value) await userEvent.type(input, value);
  }
}

const complete = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
};

beforeEach(() => {
  fake.reset();
  fake.respondWith((call) =>
    call.table === 'profiles' ? { data: { user_id: 'user-1', organization_id: null, first_name: 'Ada' }, error: null } : undefined,
  );
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the Welcome card', () => {
  it('opens on the sign-in tab with its fields, the terms note and Back to Home', async () => {
    renderAuth();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(signInPanel().getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(signInPanel().getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === 'By continuing, you agree to our Terms of Service and Privacy Policy.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Beyond Brochures' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('/sign-up opens the sign-up tab and shows the chosen plan', async () => {
    renderAuth('/sign-up?plan=professional');
    expect(await screen.findByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    const plan = signUpPanel().getByRole('region', { name: 'Selected plan' });
    expect(plan).toHaveTextContent('PROFESSIONAL');
    expect(plan).toHaveTextContent('$99 per month');
  });

  it('ignores an unknown plan', async () => {
    renderAuth('/sign-up?plan=gold');
    await screen.findByRole('tab', { name: 'Sign Up' });
    expect(screen.queryByRole('region', { name: 'Selected plan' })).not.toBeInTheDocument();
  });

  it('keeps what was typed when switching tabs', async () => {
    renderAuth();
    await screen.findByRole('tabpanel', { name: 'Sign In' });
    await userEvent.type(signInPanel().getByLabelText('Email'), 'kept@example.com');
    await userEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Sign In' }));
    expect(signInPanel().getByLabelText('Email')).toHaveValue('kept@example.com');
  });

  it('sends a signed-in visitor to /dashboard', async () => {
    fake.setSession(fakeSession());
    const { router } = renderAuth();
    expect(await screen.findByText('landed on dashboard')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a signed-in visitor of /sign-up to /dashboard too', async () => {
    fake.setSession(fakeSession());
    renderAuth('/sign-up?plan=starter');
    expect(await screen.findByText('landed on dashboard')).toBeInTheDocument();
  });
});

describe('sign in', () => {
  it("reads 'Signing In...' while busy, then says 'Welcome back!' and goes to /dashboard after 500 ms", async () => {
    const success = vi.spyOn(toast, 'success');
    let finish!: () => void;
    fake.auth.signInWithPassword.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          finish = () => {
            void fake.emit('SIGNED_IN', fakeSession()).then(() => resolve({ data: { user: null, session: null }, error: null }));
          };
        }),
    );
    const { router } = renderAuth();
    await screen.findByRole('tabpanel', { name: 'Sign In' });
    const panel = signInPanel();
    await userEvent.type(panel.getByLabelText('Email'), ' ada@example.com ');
    await userEvent.type(panel.getByLabelText('Password'), 'secret1');
    await userEvent.click(panel.getByRole('button', { name: 'Sign In' }));
    const busy = panel.getByRole('button', { name: 'Signing In...' });
    expect(busy).toBeDisabled();
    await userEvent.click(busy);
    expect(fake.auth.signInWithPassword).toHaveBeenCalledTimes(1);
    expect(fake.auth.signInWithPassword).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret1' });

    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      await act(async () => finish());
      // TanStack Query delivers mutation callbacks on a 0 ms timer: run those without moving the clock.
      for (let tick = 0; tick < 20 && success.mock.calls.length === 0; tick += 1) {
        await act(async () => {
          await vi.advanceTimersByTimeAsync(0);
        });
      }
      expect(success).toHaveBeenCalledWith('Welcome back!');
      expect(router.state.location.pathname).toBe('/auth');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(499);
      });
      expect(router.state.location.pathname).toBe('/auth');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      expect(router.state.location.pathname).toBe('/dashboard');
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['Invalid login credentials', 'Invalid email or password'],
    ['Email not confirmed', 'Please check your email and confirm your account'],
    ['Request rate limit reached', 'Request rate limit reached'],
  ])('shows %j as %j, announced, and keeps the form', async (server, shown) => {
    fake.auth.signInWithPassword.mockResolvedValueOnce({ data: { user: null, session: null }, error: { message: server } });
    renderAuth();
    await screen.findByRole('tabpanel', { name: 'Sign In' });
    const panel = signInPanel();
    await userEvent.type(panel.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(panel.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(panel.getByRole('button', { name: 'Sign In' }));
    expect(await panel.findByRole('alert')).toHaveTextContent(shown);
    expect(panel.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(panel.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('requires an e-mail address and a password before calling the server', async () => {
    renderAuth();
    await screen.findByRole('tabpanel', { name: 'Sign In' });
    const panel = signInPanel();
    await userEvent.click(panel.getByRole('button', { name: 'Sign In' }));
    expect(panel.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(panel.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(panel.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fake.auth.signInWithPassword).not.toHaveBeenCalled();
  });
});

describe('sign up', () => {
  it("shows 'Passwords do not match' as soon as both are filled and differ, disables the button and ignores submission", async () => {
    renderAuth('/sign-up');
    await screen.findByRole('tab', { name: 'Sign Up' });
    await fillSignUp({ ...complete, confirmPassword: 'secret' });
    const panel = signUpPanel();
    expect(panel.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(panel.getByRole('button', { name: 'Create Account' })).toBeDisabled();
    // Enter in a field submits the form natively, button or not: still ignored.
    await userEvent.type(panel.getByLabelText('Confirm Password'), '{Enter}');
    expect(fake.auth.signUp).not.toHaveBeenCalled();
    await userEvent.type(panel.getByLabelText('Confirm Password'), '1');
    expect(panel.queryByText('Passwords do not match')).not.toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  it('does not complain while only one password field is filled', async () => {
    renderAuth('/sign-up');
    await screen.findByRole('tab', { name: 'Sign Up' });
    await fillSignUp({ password: 'secret1' });
    expect(signUpPanel().queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a password shorter than 6 characters without calling the server', async () => {
    renderAuth('/sign-up');
    await screen.findByRole('tab', { name: 'Sign Up' });
    await fillSignUp({ ...complete, password: '12345', confirmPassword: '12345' });
    await userEvent.click(signUpPanel().getByRole('button', { name: 'Create Account' }));
    expect(signUpPanel().getByRole('alert')).toHaveTextContent('Password must be at least 6 characters');
    expect(fake.auth.signUp).not.toHaveBeenCalled();
  });

  it('requires the names, e-mail and both passwords but not the company', async () => {
    renderAuth('/sign-up');
    await screen.findByRole('tab', { name: 'Sign Up' });
    await userEvent.click(signUpPanel().getByRole('button', { name: 'Create Account' }));
    const messages = signUpPanel()
      .getAllByRole('alert')
      .map((alert) => alert.textContent);
    expect(messages).toEqual([
      'First name is required',
      'Last name is required',
      'Email is required',
      'Password is required',
      'Please confirm your password',
    ]);
    expect(signUpPanel().getByLabelText('Company Name (Optional)')).not.toBeRequired();
    expect(fake.auth.signUp).not.toHaveBeenCalled();
  });

  it('sends the metadata (company optional, empty) and the site root as redirect', async () => {
    fake.auth.signUp.mockResolvedValueOnce({ data: { user: null, session: null }, error: null });
    renderAuth('/sign-up');
    await screen.findByRole('tab', { name: 'Sign Up' });
    await fillSignUp(complete);
    await userEvent.click(signUpPanel().getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(fake.auth.signUp).toHaveBeenCalledTimes(1));
    expect(fake.auth.signUp).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'secret1',
      options: {
        emailRedirectTo: `${window.location.origin}/`,
        data: { first_name: 'Ada', last_name: 'Lovelace', company_name: '' },
      },
    });
  });

  it("reads 'Creating Account...' while busy, cannot be submitted twice, and with no session asks to check e-mail and clears the form", async () => {
    const success = vi.spyOn(toast, 'success');
    let finish!: () => void;
    fake.auth.signUp.mockImplementationOnce(
      () => new Promise((resolve) => (finish = () => resolve({ data: { user: null, session: null }, error: null }))),
    );
    renderAuth('/sign-up');
    await screen.findByRole('tab', { name: 'Sign Up' });
    await fillSignUp({ ...complete, companyName: 'Analytical Engines' });
    const panel = signUpPanel();
    await userEvent.click(panel.getByRole('button', { name: 'Create Account' }));
    const busy = panel.getByRole('button', { name: 'Creating Account...' });
    expect(busy).toBeDisabled();
    expect(panel.getByLabelText('Email')).toBeDisabled();
    await userEvent.click(busy);
    expect(fake.auth.signUp).toHaveBeenCalledTimes(1);
    expect(fake.auth.signUp.mock.calls[0]![0]).toMatchObject({ options: { data: { company_name: 'Analytical Engines' } } });

    await act(async () => finish());
    expect(await panel.findByRole('status')).toHaveTextContent('Please check your email to confirm your account');
    expect(success).toHaveBeenCalledWith('Please check your email to confirm your account');
    for (const label of ['First Name', 'Last Name', 'Company Name (Optional)', 'Email', 'Password', 'Confirm Password']) {
      expect(panel.getByLabelText(label)).toHaveValue('');
    }
    expect(panel.getByRole('button', { name: 'Create Account' })).toBeEnabled();
    expect(panel.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("with a session says 'Account created successfully!', clears the form and goes to /dashboard", async () => {
    const success = vi.spyOn(toast, 'success');
    fake.auth.signUp.mockImplementationOnce(async () => {
      const session = fakeSession();
      await fake.emit('SIGNED_IN', session);
      return { data: { user: null, session }, error: null };
    });
    renderAuth('/sign-up');
    await screen.findByRole('tab', { name: 'Sign Up' });
    await fillSignUp(complete);
    await userEvent.click(signUpPanel().getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Account created successfully!'));
    expect(signUpPanel().getByLabelText('Email')).toHaveValue('');
    expect(await screen.findByText('landed on dashboard', {}, { timeout: 2000 })).toBeInTheDocument();
  });

  it("shows the server's own message on failure and keeps what was typed", async () => {
    fake.auth.signUp.mockResolvedValueOnce({ data: { user: null, session: null }, error: { message: 'User already registered' } });
    renderAuth('/sign-up');
    await screen.findByRole('tab', { name: 'Sign Up' });
    await fillSignUp(complete);
    await userEvent.click(signUpPanel().getByRole('button', { name: 'Create Account' }));
    expect(await signUpPanel().findByRole('alert')).toHaveTextContent('User already registered');
    expect(signUpPanel().getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(signUpPanel().getByLabelText('Password')).toHaveValue('secret1');
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminLoginError, useAdminSession, type AdminSession } from '@/lib/admin-session';
import { Landing, renderRoutes } from '@/testing/render';
import { AdminLoginPage } from './admin-login-page';

vi.mock('@/lib/admin-session', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  useAdminSession: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

const login = vi.fn<AdminSession['login']>();

function session(status: AdminSession['status']): AdminSession {
  return { status, isAdmin: status === 'admin', login, refresh: vi.fn(), logout: vi.fn() };
}

function renderLogin(status: AdminSession['status'] = 'visitor') {
  vi.mocked(useAdminSession).mockReturnValue(session(status));
  return renderRoutes(
    [
      { path: '/admin-login', element: <AdminLoginPage /> },
      { path: '/admin', element: <Landing name="admin" /> },
    ],
    '/admin-login',
  );
}

beforeEach(() => {
  login.mockReset();
  vi.mocked(toast).mockClear();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

describe('AdminLoginPage', () => {
  it('has username, password and Forgot password; the button reads Login, or Request Password Reset when ticked', async () => {
    const user = userEvent.setup();
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    const checkbox = screen.getByRole('checkbox', { name: 'Forgot password' });
    expect(checkbox).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    await user.click(checkbox);
    expect(screen.getByRole('button', { name: 'Request Password Reset' })).toBeInTheDocument();
    await user.click(screen.getByText('Forgot password'));
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('requires username and password in login mode, and sends nothing', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Username'), 'admin');
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('in reset mode shows the Password Reset toast, validating and sending nothing', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.click(screen.getByRole('checkbox', { name: 'Forgot password' }));
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request Password Reset' }));
    expect(toast).toHaveBeenCalledWith('Password Reset', { description: 'Please contact the system administrator for password reset.' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('logs in on the server with the trimmed username, then shows Login Successful and goes to /admin', async () => {
    login.mockResolvedValue();
    const user = userEvent.setup();
    const { router } = renderLogin();
    await user.type(screen.getByLabelText('Username'), ' admin ');
    await user.type(screen.getByLabelText('Password'), 'secret pw');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('landed on admin')).toBeInTheDocument();
    expect(login).toHaveBeenCalledWith('admin', 'secret pw');
    expect(toast.success).toHaveBeenCalledWith('Login Successful', { description: 'Welcome to the admin section!' });
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('shows Login Failed / Invalid username or password. when the server refuses (also for a non-admin account)', async () => {
    login.mockRejectedValue(new AdminLoginError('invalid-credentials'));
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Login Failed', { description: 'Invalid username or password.' }));
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.getByLabelText('Username')).toHaveValue('admin');
  });

  it('says the server could not answer when it could not (not a wrong password)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    login.mockRejectedValue(new AdminLoginError('unavailable', { cause: new TypeError('Failed to fetch') }));
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Login Failed', { description: 'The server could not check your login. Please try again in a moment.' }),
    );
    expect(log).toHaveBeenCalledWith('Admin login failed', expect.any(TypeError));
  });

  it('cannot be submitted twice while the login runs', async () => {
    let finish: () => void = () => {};
    login.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'pw{Enter}');
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), '{Enter}');
    expect(login).toHaveBeenCalledTimes(1);
    finish();
    expect(await screen.findByText('landed on admin')).toBeInTheDocument();
  });

  it('sends an authenticated admin to /admin, and waits while a stored session is checked', () => {
    renderLogin('admin');
    expect(screen.getByText('landed on admin')).toBeInTheDocument();
  });

  it('waits while a stored admin session is being checked', () => {
    renderLogin('checking');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your admin session...');
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });
});

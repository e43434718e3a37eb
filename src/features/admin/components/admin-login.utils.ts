import { adminLoginCopy } from '@/config/admin-copy';

/** The admin login form of spec §3: username, password and the forgot-password flag. */
export interface AdminLoginValues {
  username: string;
  password: string;
  forgotPassword: boolean;
}

export type AdminLoginErrors = Partial<Record<'username' | 'password', string>>;

/** What a submit does: ask for a reset (nothing validated, nothing sent), show errors, or log in. */
export type AdminLoginIntent =
  | { kind: 'request-reset' }
  | { kind: 'invalid'; errors: AdminLoginErrors }
  | { kind: 'login'; username: string; password: string };

/** 'Login', or 'Request Password Reset' while the checkbox is ticked. */
export function adminLoginSubmitLabel(forgotPassword: boolean): string {
  return forgotPassword ? adminLoginCopy.requestReset : adminLoginCopy.login;
}

/** Login mode: username (trimmed) and password required. Reset mode validates nothing. */
export function validateAdminLogin(values: AdminLoginValues): AdminLoginErrors {
  if (values.forgotPassword) return {};
  const errors: AdminLoginErrors = {};
  if (values.username.trim() === '') errors.username = adminLoginCopy.usernameRequired;
  if (values.password === '') errors.password = adminLoginCopy.passwordRequired;
  return errors;
}

export function adminLoginIntent(values: AdminLoginValues): AdminLoginIntent {
  if (values.forgotPassword) return { kind: 'request-reset' };
  const errors = validateAdminLogin(values);
  if (errors.username || errors.password) return { kind: 'invalid', errors };
  return { kind: 'login', username: values.username.trim(), password: values.password };
}

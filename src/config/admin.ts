/**
 * The admin login asks for a username; site admins are real accounts whose e-mail is derived from it.
 * A username that already is an e-mail address is used as is.
 */
export const ADMIN_EMAIL_DOMAIN = 'admin.localhost';

export function adminEmailFromUsername(username: string): string {
  const trimmed = username.trim().toLowerCase();
  return trimmed.includes('@') ? trimmed : `${trimmed}@${ADMIN_EMAIL_DOMAIN}`;
}

/** The spec's local-storage flag: a first-paint hint only, never a grant. */
export const ADMIN_FLAG_KEY = 'isAdminAuthenticated';

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

/**
 * Storage key of the site admin's supabase-js session (the marketing user's is supabase-js's default).
 * supabase-js derives the default as `sb-<first DNS label of the backend host>-auth-token` — `sb-admin-auth-token`
 * on `admin.example.com` — and the accounts' sign-out clears every `sb-*-auth-token*` key: this key matches
 * neither, so the two sessions can never share a key and signing one out never touches the other.
 */
export const ADMIN_SESSION_STORAGE_KEY = 'bb-site-admin-session';

/**
 * What kind of Supabase API key a value is, without verifying it: the publishable ones (`sb_publishable_…`, the legacy
 * `anon` JWT) may be in the browser; the secret ones (`sb_secret_…`, the legacy `service_role` JWT) bypass row-level
 * security and must never be. Used by the build (vite.config.ts refuses to bundle a secret key) and by
 * `npm run hosted:setup` (which needs one and checks it got the right kind).
 */
export type ApiKeyKind = 'publishable' | 'secret' | 'unknown';

function jwtRole(value: string): string | undefined {
  const parts = value.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const json = atob(parts[1]!.replaceAll('-', '+').replaceAll('_', '/'));
    const role = (JSON.parse(json) as { role?: unknown }).role;
    return typeof role === 'string' ? role : undefined;
  } catch {
    return undefined;
  }
}

export function apiKeyKind(value: string): ApiKeyKind {
  const key = value.trim();
  if (key.startsWith('sb_secret_')) return 'secret';
  if (key.startsWith('sb_publishable_')) return 'publishable';
  const role = jwtRole(key);
  if (role === 'service_role' || role === 'supabase_admin') return 'secret';
  if (role === 'anon') return 'publishable';
  return 'unknown';
}

/** The names of build variables (VITE_*) that hold a secret key: Vite would put them into the browser bundle. */
export function secretBuildVariables(env: Record<string, string | undefined>): string[] {
  return Object.entries(env)
    .filter(([name, value]) => name.startsWith('VITE_') && value !== undefined && apiKeyKind(value) === 'secret')
    .map(([name]) => name)
    .sort();
}

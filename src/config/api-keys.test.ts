import { describe, expect, it } from 'vitest';
import { apiKeyKind, secretBuildVariables } from './api-keys';

const jwt = (payload: Record<string, unknown>) =>
  `${btoa('{"alg":"HS256","typ":"JWT"}')}.${btoa(JSON.stringify(payload)).replaceAll('=', '').replaceAll('+', '-').replaceAll('/', '_')}.signature`;

describe('apiKeyKind', () => {
  it.each([
    ['sb_publishable_abc123', 'publishable'],
    ['sb_secret_abc123', 'secret'],
    ['  sb_secret_abc123  ', 'secret'],
    [jwt({ iss: 'supabase', ref: 'abcdefghij', role: 'anon' }), 'publishable'],
    [jwt({ iss: 'supabase', ref: 'abcdefghij', role: 'service_role' }), 'secret'],
    [jwt({ role: 'supabase_admin' }), 'secret'],
    [jwt({ role: 'authenticated', sub: 'x' }), 'unknown'],
    ['not-a-key', 'unknown'],
    ['a.b.c', 'unknown'],
    ['', 'unknown'],
  ])('%s → %s', (value, kind) => {
    expect(apiKeyKind(value)).toBe(kind);
  });
});

describe('secretBuildVariables', () => {
  it('names every VITE_ variable holding a secret key, and only those', () => {
    expect(
      secretBuildVariables({
        VITE_SUPABASE_URL: 'https://abcdefghij.supabase.co',
        VITE_SUPABASE_ANON_KEY: jwt({ role: 'service_role' }),
        VITE_OTHER: 'sb_secret_x',
        VITE_FINE: 'sb_publishable_x',
        SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_y',
      }),
    ).toEqual(['VITE_OTHER', 'VITE_SUPABASE_ANON_KEY']);
  });
});

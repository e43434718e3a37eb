import { describe, expect, it } from 'vitest';
import { BackendConfigError, resolveBackend } from './env';

const page = { origin: 'http://localhost:3000', metaAnonKey: 'injected-key' };

describe('resolveBackend', () => {
  it('uses the build-time variables when both are set (hosted Supabase)', () => {
    expect(resolveBackend({ VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: 'k' }, page)).toEqual({
      url: 'https://abc.supabase.co',
      anonKey: 'k',
    });
  });

  it('takes the publishable key under its current name too, and refuses two different keys', () => {
    expect(resolveBackend({ VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_x' }, page)).toEqual({
      url: 'https://abc.supabase.co',
      anonKey: 'sb_publishable_x',
    });
    expect(() =>
      resolveBackend({ VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_PUBLISHABLE_KEY: 'a', VITE_SUPABASE_ANON_KEY: 'b' }, page),
    ).toThrow('not both');
  });

  it('otherwise uses the same origin and the key the own server injected', () => {
    expect(resolveBackend({}, page)).toEqual({ url: 'http://localhost:3000', anonKey: 'injected-key' });
  });

  it('refuses half a configuration', () => {
    expect(() => resolveBackend({ VITE_SUPABASE_URL: 'https://abc.supabase.co' }, page)).toThrow(BackendConfigError);
  });

  it('says what to do when there is no backend at all', () => {
    expect(() => resolveBackend({}, { origin: 'http://x', metaAnonKey: null })).toThrow('No backend configured');
  });
});

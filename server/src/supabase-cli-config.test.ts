import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { site } from '../../src/config/site';
import { loadConfig } from './config';
import { ROOT_DIR, STORAGE_SEED_DIR } from './project-paths';

/**
 * supabase/config.toml (the Supabase CLI's `supabase start` / `db reset`) sets up the same product as the own
 * server's defaults: these tests fail when one side changes without the other.
 */

const supabaseDir = path.join(ROOT_DIR, 'supabase');
const toml = parse(readFileSync(path.join(supabaseDir, 'config.toml'), 'utf8')) as {
  db: { major_version: number; seed: { enabled: boolean; sql_paths: string[] } };
  storage: { buckets: Record<string, { public: boolean; allowed_mime_types: string[]; objects_path: string }> };
  auth: {
    site_url: string;
    additional_redirect_urls: string[];
    jwt_expiry: number;
    refresh_token_reuse_interval: number;
    enable_signup: boolean;
    minimum_password_length: number;
    enable_anonymous_sign_ins: boolean;
    rate_limit: { email_sent: number; token_refresh: number; sign_in_sign_ups: number; token_verifications: number; anonymous_users: number };
    email: { enable_confirmations: boolean; max_frequency: string; otp_expiry: number };
  };
};
const defaults = loadConfig({});

describe('supabase/config.toml', () => {
  it('has the own server’s auth defaults', () => {
    expect(toml.auth).toMatchObject({
      jwt_expiry: defaults.jwtExpiry,
      refresh_token_reuse_interval: defaults.refreshTokenReuseInterval,
      enable_signup: true,
      enable_anonymous_sign_ins: defaults.anonymousUsersEnabled,
      minimum_password_length: defaults.passwordMinLength,
      rate_limit: {
        email_sent: defaults.rateLimits.emailSentPerHour,
        token_refresh: defaults.rateLimits.tokenRefresh,
        token_verifications: defaults.rateLimits.verify,
        anonymous_users: defaults.rateLimits.anonymousUsersPerHour,
      },
      email: { enable_confirmations: !defaults.autoconfirm, max_frequency: `1m0s`, otp_expiry: defaults.emailLinkExpiry },
    });
    expect(defaults.emailMaxFrequency).toBe(60);
  });

  it('lets e-mail links return to the local SPA it names as the site', () => {
    const site = new URL(toml.auth.site_url);
    expect(toml.auth.additional_redirect_urls).toContain(`${site.origin}/**`);
  });

  it('declares the public audio bucket with the shipped recording, and a seed file that exists', () => {
    const bucket = toml.storage.buckets[site.audio.bucket]!;
    expect(bucket).toMatchObject({ public: true, allowed_mime_types: ['audio/mpeg'] });
    expect(path.resolve(supabaseDir, bucket.objects_path)).toBe(path.join(STORAGE_SEED_DIR, site.audio.bucket));
    expect(existsSync(path.join(STORAGE_SEED_DIR, site.audio.bucket, site.audio.path))).toBe(true);
    expect(toml.db.seed).toEqual({ enabled: true, sql_paths: ['./seed.sql'] });
    for (const seed of toml.db.seed.sql_paths) expect(existsSync(path.join(supabaseDir, seed))).toBe(true);
  });

  it('targets PostgreSQL 15, the version the CI check of the migrations runs', () => {
    expect(toml.db.major_version).toBe(15);
  });
});

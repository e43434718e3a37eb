import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DB_POOL, DEFAULT_LISTEN_HANDLES, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      databaseUrl: undefined,
      jwtSecret: undefined,
      jwtExpiry: 3600,
      siteUrl: 'http://localhost:3000',
      adminUsername: 'admin',
      autoconfirm: true,
      passwordMinLength: 6,
      trustProxy: false,
    });
    expect(config.dataDir.endsWith('/.data')).toBe(true);
  });

  it('reads the variables and treats empty ones as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      JWT_SECRET: 'x'.repeat(32),
      SITE_URL: 'https://shop.example/',
      AUTH_AUTOCONFIRM: 'false',
      TRUST_PROXY: '1',
      ADMIN_PASSWORD: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u:p@db:5432/app',
      siteUrl: 'https://shop.example',
      autoconfirm: false,
      trustProxy: true,
      adminPassword: undefined,
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a number (got "abc"); e.g. PORT=3000.'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be between 0 and 65535 (got "70000"); e.g. PORT=3000.'],
    [{ PORT: '3.5' }, 'Invalid configuration: PORT must be a whole number (got "3.5"); e.g. PORT=3000.'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid configuration: DATABASE_URL must be a URL starting with postgres:// or postgresql:// (got "mysql://x"); e.g. DATABASE_URL=postgres://user:password@localhost:5432/app, or unset it to use the embedded PostgreSQL.',
    ],
    [
      { JWT_SECRET: 'short' },
      'Invalid configuration: JWT_SECRET must be at least 32 characters long (got "***"); or unset it to have one generated and kept in DATA_DIR.',
    ],
    [{ AUTH_AUTOCONFIRM: 'maybe' }, 'Invalid configuration: AUTH_AUTOCONFIRM must be true or false (got "maybe").'],
    [{ PASSWORD_MIN_LENGTH: '4' }, 'Invalid configuration: PASSWORD_MIN_LENGTH must be at least 6 (got "4").'],
    [{ ADMIN_USERNAME: 'a b' }, 'Invalid configuration: ADMIN_USERNAME must be 3-64 letters, digits or . _ @ + - (got "a b").'],
  ])('rejects %j with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('auth limits', () => {
  it("defaults to GoTrue's request limits, link expiry, e-mail frequency and reuse interval, and limits per client and account", () => {
    expect(loadConfig({})).toMatchObject({
      rateLimits: { tokenRefresh: 150, verify: 30, otp: 30, emailSentPerHour: 200, emailPerClientPerHour: 10, signInPerAccountPerHour: 30, anonymousUsersPerHour: 30 },
      emailMaxFrequency: 60,
      emailLinkExpiry: 86400,
      refreshTokenReuseInterval: 10,
    });
  });

  it('reads lowered values for tests and small deployments', () => {
    expect(
      loadConfig({ RATE_LIMIT_TOKEN_REFRESH: '1', RATE_LIMIT_EMAIL_SENT: '2.5', AUTH_EMAIL_MAX_FREQUENCY: '0', REFRESH_TOKEN_REUSE_INTERVAL: '0' }),
    ).toMatchObject({ rateLimits: { tokenRefresh: 1, emailSentPerHour: 2.5 }, emailMaxFrequency: 0, refreshTokenReuseInterval: 0 });
  });

  it.each([
    [{ RATE_LIMIT_VERIFY: '0' }, 'Invalid configuration: RATE_LIMIT_VERIFY must be greater than 0 (got "0").'],
    [{ RATE_LIMIT_OTP: 'many' }, 'Invalid configuration: RATE_LIMIT_OTP must be a number (got "many").'],
    [{ RATE_LIMIT_EMAIL_PER_CLIENT: '-1' }, 'Invalid configuration: RATE_LIMIT_EMAIL_PER_CLIENT must be greater than 0 (got "-1").'],
    [{ RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '0' }, 'Invalid configuration: RATE_LIMIT_SIGN_IN_PER_ACCOUNT must be greater than 0 (got "0").'],
    [{ AUTH_EMAIL_LINK_EXPIRY: '10' }, 'Invalid configuration: AUTH_EMAIL_LINK_EXPIRY must be at least 60 seconds (got "10").'],
    [{ REFRESH_TOKEN_REUSE_INTERVAL: '1.5' }, 'Invalid configuration: REFRESH_TOKEN_REUSE_INTERVAL must be a whole number (got "1.5").'],
  ])('rejects %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('ADDITIONAL_REDIRECT_URLS', () => {
  it('is empty by default: only SITE_URL', () => {
    expect(loadConfig({}).additionalRedirectUrls).toEqual([]);
  });

  it('reads a comma-separated list', () => {
    expect(loadConfig({ ADDITIONAL_REDIRECT_URLS: 'https://app.example, http://localhost:*/**,' }).additionalRedirectUrls).toEqual([
      'https://app.example',
      'http://localhost:*/**',
    ]);
  });

  it.each(['app.example', 'ftp://app.example', 'https://app.example/?x=1', 'javascript:alert(1)'])('rejects %j', (value) => {
    expect(() => loadConfig({ ADDITIONAL_REDIRECT_URLS: value })).toThrow(
      'Invalid configuration: ADDITIONAL_REDIRECT_URLS must be a comma-separated list of URLs starting with http:// or https://',
    );
  });
});

describe('error messages never print secrets', () => {
  it('masks the password of a URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://me:hunter2@db/x' })).toThrow('(got "mysql://me:***@db/x")');
  });

  it('data API settings: exposed schemas, aggregates (off, as on Supabase), pool size', () => {
    expect(loadConfig({})).toMatchObject({ dbSchemas: ['public'], dbAggregatesEnabled: false, dbPool: DEFAULT_DB_POOL });
    expect(DEFAULT_DB_POOL).toBe(10);
    expect(loadConfig({ DB_SCHEMAS: ' public , api ', DB_AGGREGATES_ENABLED: 'true', DB_POOL: '20' })).toMatchObject({
      dbSchemas: ['public', 'api'],
      dbAggregatesEnabled: true,
      dbPool: 20,
    });
    for (const [key, value, message] of [
      ['DB_SCHEMAS', 'public,auth', 'must not expose auth, storage, private or system schemas'],
      ['DB_SCHEMAS', 'public;drop', 'must be a comma-separated list of schema names'],
      ['DB_POOL', '0', 'must be at least 1'],
    ]) {
      expect(() => loadConfig({ [key!]: value })).toThrow(new RegExp(`${key} ${message}`));
    }
  });

  it('listening handles: 8 by default, 1 to 64', () => {
    expect(loadConfig({}).listenHandles).toBe(DEFAULT_LISTEN_HANDLES);
    expect(DEFAULT_LISTEN_HANDLES).toBe(8);
    expect(loadConfig({ LISTEN_HANDLES: '1' }).listenHandles).toBe(1);
    expect(() => loadConfig({ LISTEN_HANDLES: '0' })).toThrow(/LISTEN_HANDLES must be at least 1/);
    expect(() => loadConfig({ LISTEN_HANDLES: '65' })).toThrow(/LISTEN_HANDLES must be at most 64/);
  });

  it('reads the outbound settings: strict by default, `true` or ranges, and ports', () => {
    expect(loadConfig({}).outbound).toEqual({ allowPrivate: [], allowPorts: [] });
    expect(loadConfig({ OUTBOUND_ALLOW_PRIVATE: 'true', OUTBOUND_ALLOW_PORTS: '*' }).outbound).toEqual({ allowPrivate: 'all', allowPorts: 'any' });
    expect(loadConfig({ OUTBOUND_ALLOW_PRIVATE: '10.0.0.0/8, 127.0.0.2', OUTBOUND_ALLOW_PORTS: '8080, 8443' }).outbound).toEqual({
      allowPrivate: ['10.0.0.0/8', '127.0.0.2'],
      allowPorts: [8080, 8443],
    });
  });

  it.each([
    [{ OUTBOUND_ALLOW_PRIVATE: 'sometimes' }, /OUTBOUND_ALLOW_PRIVATE must be true, false or a comma-separated list of IP addresses and CIDR ranges: "sometimes" is not/],
    [{ OUTBOUND_ALLOW_PRIVATE: '10.0.0.0/40' }, /OUTBOUND_ALLOW_PRIVATE .*"10\.0\.0\.0\/40"/],
    [{ OUTBOUND_ALLOW_PORTS: '80,http' }, /OUTBOUND_ALLOW_PORTS must be \* or a comma-separated list of ports/],
    [{ OUTBOUND_ALLOW_PORTS: '70000' }, /OUTBOUND_ALLOW_PORTS must be/],
  ])('refuses outbound setting %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('the asset library', () => {
  it('reads the quota (unset keeps the database’s) and the Storage a worker reaches, with either key name', () => {
    expect(loadConfig({})).toMatchObject({ assetQuotaBytes: undefined, supabase: undefined });
    expect(loadConfig({ ASSET_QUOTA_BYTES: '5000000' }).assetQuotaBytes).toBe(5_000_000);
    expect(() => loadConfig({ ASSET_QUOTA_BYTES: '-1' })).toThrow('ASSET_QUOTA_BYTES must be at least 0');
    expect(loadConfig({ SUPABASE_URL: 'https://abc.supabase.co/', SUPABASE_SERVICE_ROLE_KEY: 'k' }).supabase).toEqual({ url: 'https://abc.supabase.co', serviceKey: 'k' });
    expect(loadConfig({ SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_SECRET_KEY: 'sb_secret_x' }).supabase).toEqual({ url: 'https://abc.supabase.co', serviceKey: 'sb_secret_x' });
    expect(loadConfig({ SUPABASE_URL: 'https://abc.supabase.co' }).supabase).toBeUndefined();
  });
});

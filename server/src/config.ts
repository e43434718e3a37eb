import path from 'node:path';
import { z } from 'zod';
import { parseAllowPrivate } from './lib/outbound/address-policy';
import type { OutboundPolicy } from './lib/outbound/url-policy';

/** Raised for any configuration problem; `message` is one line saying what and how to fix it. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const port = z.coerce
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const positiveNumber = (max: number, unit: string) =>
  z.coerce
    .number({ message: 'must be a number' })
    .positive('must be greater than 0')
    .max(max, `must be at most ${max} ${unit}`);

const seconds = (min: number, max: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min} seconds`)
    .max(max, `must be at most ${max} seconds`);

const url = (protocols: string[]) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);

/** A comma-separated list of http(s) URLs, `*` standing for any characters within a host label or path segment. */
const redirectUrlList = z.string().refine(
  (value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .every((entry) => /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(entry)),
  'must be a comma-separated list of URLs starting with http:// or https:// (* matches within a host label or path segment, ** across them)',
);

/** The site admin's username and password rules (ADMIN_USERNAME / ADMIN_PASSWORD, and `npm run admin:create`). */
export const ADMIN_USERNAME_PATTERN = /^[A-Za-z0-9._@+-]{3,64}$/;
export const ADMIN_USERNAME_RULE = 'must be 3-64 letters, digits or . _ @ + -';
export const ADMIN_PASSWORD_MIN_LENGTH = 8;
/** bcrypt reads at most 72 bytes. */
export const ADMIN_PASSWORD_MAX_BYTES = 72;

/**
 * PostgREST's `db-pool` default. On this 2-core machine 4 connections did no better than 10 once the server's CPU
 * per request was down to a quarter of PostgreSQL's (docs/decisions/0007-data-api-speed.md has the figures).
 */
export const DEFAULT_DB_POOL = 10;

/**
 * Handles on the one listening socket (LISTEN_HANDLES): Node 20 accepts one connection per handle per event-loop
 * turn, so under load N handles accept up to N new connections a turn (server/src/lib/listen-handles.ts; decision
 * 0007, session 14).
 */
export const DEFAULT_LISTEN_HANDLES = 8;

/** The largest object by default: 5 GiB, so a long video fits (hosted Supabase: set per project, 50 MB on the free plan). */
export const DEFAULT_STORAGE_FILE_SIZE_LIMIT = 5 * 1024 ** 3;

const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1, 'must not be empty').default('localhost'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('.data'),
  STORAGE_DIR: z.string().min(1, 'must not be empty').optional(),
  // Storage's FILE_SIZE_LIMIT: the largest object one upload may store, in bytes (a bucket's own limit may be lower).
  // Storage's STORAGE_FILE_ETAG_ALGORITHM: `md5` hashes every upload (S3's ETag); `version` names the write instead
  // (Storage offers `mtime`), which costs nothing: docs/decisions/0019-storage.md has the figures.
  STORAGE_FILE_ETAG_ALGORITHM: z.enum(['md5', 'version'], { message: 'must be md5 or version' }).default('version'),
  STORAGE_FILE_SIZE_LIMIT: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1 byte').max(Number.MAX_SAFE_INTEGER, 'is too large').default(DEFAULT_STORAGE_FILE_SIZE_LIMIT),
  // The asset library's quota: bytes one workspace's files (originals, versions, derived images) may take. Written to
  // the database at start (private.asset_library_settings), which enforces it; unset leaves the database's value.
  ASSET_QUOTA_BYTES: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must be at least 0').max(Number.MAX_SAFE_INTEGER, 'is too large').optional(),
  // `npm run worker` on hosted Supabase: the project's URL and secret key, through which the asset jobs read originals
  // and write derived images (Storage's API). The server's own runner uses its own address and key.
  SUPABASE_URL: url(['http:', 'https:']).optional(),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(1).optional(),
  SUPABASE_SECRET_KEY: z.string().min(1).optional(),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
  // GoTrue's GOTRUE_JWT_KEYS: a JSON array of private JWKs (RS256/ES256), one with "sign" in key_ops; else generated
  // and kept in DATA_DIR. Users' access tokens are signed with it; JWT_SECRET keeps signing the API keys.
  JWT_KEYS: z.string().optional(),
  // Keys that encrypt two-factor secrets: {"current": "<id>", "keys": {"<id>": "<32 bytes base64url>"}}; else kept in DATA_DIR.
  AUTH_ENCRYPTION_KEYS: z.string().optional(),
  // GoTrue's GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION (Supabase: "Secure password change").
  AUTH_SECURE_PASSWORD_CHANGE: booleanFlag.default(false),
  // Keys sealing social accounts' credentials (AES-256-GCM): comma-separated base64 32-byte keys, the sealing one
  // first; unset: one generated and kept in DATA_DIR.
  SOCIAL_TOKEN_KEYS: z.string().transform((value) => value.split(',').map((key) => key.trim()).filter(Boolean))
    .refine((keys) => keys.length > 0 && keys.every((key) => Buffer.from(key, 'base64').length === 32), 'must be base64-encoded 32-byte keys, separated by commas').optional(),
  JWT_EXPIRY: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(30, 'must be at least 30 seconds').max(604800, 'must be at most 604800 seconds (7 days)').default(3600),
  SITE_URL: url(['http:', 'https:']).optional(),
  ADDITIONAL_REDIRECT_URLS: redirectUrlList.default(''),
  ADMIN_USERNAME: z.string().regex(ADMIN_USERNAME_PATTERN, ADMIN_USERNAME_RULE).default('admin'),
  ADMIN_PASSWORD: z.string().min(ADMIN_PASSWORD_MIN_LENGTH, `must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters long`).refine((value) => Buffer.byteLength(value) <= ADMIN_PASSWORD_MAX_BYTES, `must be at most ${ADMIN_PASSWORD_MAX_BYTES} bytes`).optional(),
  AUTH_AUTOCONFIRM: booleanFlag.default(true),
  // GoTrue's GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED (Supabase: "Allow anonymous sign-ins"), off as GoTrue's default.
  AUTH_EXTERNAL_ANONYMOUS_USERS_ENABLED: booleanFlag.default(false),
  PASSWORD_MIN_LENGTH: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(6, 'must be at least 6').max(72, 'must be at most 72').default(6),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  SMTP_FROM: z.string().default('Beyond Brochures <no-reply@localhost>'),
  TRUST_PROXY: booleanFlag.default(false),
  // Seconds between runs of the web analytics rollup job; 0 turns it off (reports then refresh rollups themselves).
  ANALYTICS_ROLLUP_SECONDS: seconds(0, 3600).default(15),
  // Days the automation run log is kept before the daily clean-up removes it.
  AUTOMATION_LOG_DAYS: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(3650, 'must be at most 3650').default(90),
  // The job runner inside the server (false: background work is left to `npm run worker` processes), and how many
  // jobs one worker runs at once.
  JOB_RUNNER: booleanFlag.default(true),
  JOB_CONCURRENCY: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(50, 'must be at most 50').default(4),
  // The Email Platform (docs/decisions/0020-email-platform.md): the public address of the links in e-mails
  // (unsubscribe, open pixel, click redirects, provider webhooks; default SITE_URL), the server-wide sending rate
  // across all workers (messages a second), SMTP connections per worker, and the port on which `npm run worker`
  // serves those links itself (hosted Supabase: no server of ours runs there).
  EMAIL_PUBLIC_URL: url(['http:', 'https:']).optional(),
  EMAIL_RATE_PER_SECOND: z.coerce.number({ message: 'must be a number' }).positive('must be greater than 0').max(100_000, 'must be at most 100000').default(50),
  EMAIL_SMTP_CONNECTIONS: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(50, 'must be at most 50').default(5),
  WORKER_HTTP_PORT: port.optional(),
  // GoTrue's defaults (GOTRUE_RATE_LIMIT_*, GOTRUE_MAILER_OTP_EXP, GOTRUE_SMTP_MAX_FREQUENCY,
  // GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL as hosted Supabase sets it).
  RATE_LIMIT_TOKEN_REFRESH: positiveNumber(1_000_000, 'requests').default(150),
  RATE_LIMIT_VERIFY: positiveNumber(1_000_000, 'requests').default(30),
  RATE_LIMIT_OTP: positiveNumber(1_000_000, 'requests').default(30),
  RATE_LIMIT_EMAIL_SENT: positiveNumber(1_000_000, 'e-mails').default(200),
  RATE_LIMIT_EMAIL_PER_CLIENT: positiveNumber(1_000_000, 'e-mails').default(10),
  RATE_LIMIT_SIGN_IN_PER_ACCOUNT: positiveNumber(1_000_000, 'attempts').default(30),
  RATE_LIMIT_ANONYMOUS_USERS: positiveNumber(1_000_000, 'sign-ins').default(30),
  AUTH_EMAIL_MAX_FREQUENCY: seconds(0, 86400).default(60),
  AUTH_EMAIL_LINK_EXPIRY: seconds(60, 604800).default(86400),
  REFRESH_TOKEN_REUSE_INTERVAL: seconds(0, 3600).default(10),
  // PostgREST's db-schemas (Supabase: "public, graphql_public" plus any the project exposes) and
  // db-aggregates-enabled (off on Supabase).
  DB_SCHEMAS: z
    .string()
    .transform((value) => value.split(',').map((schema) => schema.trim()).filter(Boolean))
    .refine((schemas) => schemas.length > 0 && schemas.every((schema) => /^[A-Za-z_][A-Za-z0-9_$]{0,62}$/.test(schema)), 'must be a comma-separated list of schema names')
    .refine((schemas) => !schemas.some((schema) => ['auth', 'storage', 'private', 'pg_catalog', 'information_schema'].includes(schema)), 'must not expose auth, storage, private or system schemas')
    .default(['public']),
  DB_AGGREGATES_ENABLED: booleanFlag.default(false),
  // PostgREST's db-pool: connections of the data API's pool (default: see DEFAULT_DB_POOL).
  DB_POOL: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100').default(DEFAULT_DB_POOL),
  LISTEN_HANDLES: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(64, 'must be at most 64').default(DEFAULT_LISTEN_HANDLES),
  // What the server may fetch on a user's behalf (webhooks, crawls, link previews): public addresses on ports 80 and
  // 443 only, unless these open private ranges (`true`: all; or a list of addresses and CIDR ranges) or more ports.
  OUTBOUND_ALLOW_PRIVATE: z.string().transform((value, context) => {
    try {
      return parseAllowPrivate(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: `must be true, false or a comma-separated list of IP addresses and CIDR ranges: ${(error as Error).message}` });
      return z.NEVER;
    }
  }).default([]),
  OUTBOUND_ALLOW_PORTS: z.string().transform((value, context) => {
    const text = value.trim();
    if (text === '*') return 'any' as const;
    const ports = text.split(',').map((entry) => entry.trim()).filter(Boolean).map(Number);
    if (ports.some((port) => !Number.isInteger(port) || port < 1 || port > 65535)) {
      context.addIssue({ code: 'custom', message: 'must be * or a comma-separated list of ports (1-65535)' });
      return z.NEVER;
    }
    return ports;
  }).default([]),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'must be one of fatal, error, warn, info, debug, trace, silent' }).default('info'),
  STATIC_DIR: z.string().min(1).default('dist/client'),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Stored objects (`<bucket>/<path>`): DATA_DIR/storage unless STORAGE_DIR names a folder several servers share. */
  storageDir: string;
  /** Bytes one object may have at most (STORAGE_FILE_SIZE_LIMIT). */
  storageFileSizeLimit: number;
  /** How objects' ETags are made (STORAGE_FILE_ETAG_ALGORITHM). */
  storageEtagAlgorithm: 'md5' | 'version';
  /** ASSET_QUOTA_BYTES, applied to the database at start; undefined keeps the database's value. */
  assetQuotaBytes: number | undefined;
  /** Storage's API for `npm run worker` (SUPABASE_URL and its secret key), when given. */
  supabase: { url: string; serviceKey: string } | undefined;
  databaseUrl: string | undefined;
  /** Undefined until resolved by `resolveJwtSecret` (kept in DATA_DIR when not given). */
  jwtSecret: string | undefined;
  /** JWT_KEYS as given (resolved at start by `resolveJwtKeys`: DATA_DIR otherwise). */
  jwtKeys: string | undefined;
  /** AUTH_ENCRYPTION_KEYS as given (resolved at start by `resolveEncryptionKeys`: DATA_DIR otherwise). */
  encryptionKeys: string | undefined;
  /** A password change needs a reauthentication code when the session is more than 24 hours old. */
  securePasswordChange: boolean;
  jwtExpiry: number;
  siteUrl: string;
  /** Where e-mail links may send the browser besides SITE_URL's origin (GoTrue's URI allow list). */
  additionalRedirectUrls: string[];
  adminUsername: string;
  adminPassword: string | undefined;
  autoconfirm: boolean;
  /** POST /signup without an e-mail or phone creates an anonymous user (AUTH_EXTERNAL_ANONYMOUS_USERS_ENABLED). */
  anonymousUsersEnabled: boolean;
  passwordMinLength: number;
  smtpUrl: string | undefined;
  smtpFrom: string;
  trustProxy: boolean;
  /** SOCIAL_TOKEN_KEYS: base64 keys sealing social account credentials (the first seals); unset: kept in DATA_DIR. */
  socialTokenKeys: string[] | undefined;
  /** Seconds between the analytics rollup job's runs; 0: it does not repeat. */
  analyticsRollupSeconds: number;
  automationLogDays: number;
  /** Whether the server runs the job runner itself (JOB_RUNNER). */
  jobRunner: boolean;
  /** Jobs one worker runs at once (JOB_CONCURRENCY). */
  jobConcurrency: number;
  /** The Email Platform: base of e-mail links, server-wide rate, SMTP connections per worker, the worker's own port. */
  email: { publicUrl: string; ratePerSecond: number; smtpConnections: number; workerHttpPort: number | undefined };
  /**
   * Auth limits. Per client IP: requests per 5 minutes, burst 30 (GoTrue's token buckets), and e-mails per hour.
   * Per account: sign-in attempts per hour from all addresses together. The whole server: e-mails per hour (a last resort).
   */
  rateLimits: {
    tokenRefresh: number;
    verify: number;
    otp: number;
    emailSentPerHour: number;
    emailPerClientPerHour: number;
    signInPerAccountPerHour: number;
    /** Anonymous sign-ins per client IP per hour (GoTrue's GOTRUE_RATE_LIMIT_ANONYMOUS_USERS). */
    anonymousUsersPerHour: number;
  };
  /** Seconds before the same user can be sent another e-mail of the same kind. */
  emailMaxFrequency: number;
  /** Seconds an e-mail link (confirmation, recovery, e-mail change) stays valid. */
  emailLinkExpiry: number;
  /** Seconds a rotated refresh token may still be presented (concurrent refreshes) before it counts as reuse. */
  refreshTokenReuseInterval: number;
  /** Schemas the data API exposes (the first is the default), PostgREST's `db-schemas`. */
  dbSchemas: string[];
  /** Aggregate functions in `select` (PostgREST's `db-aggregates-enabled`). */
  dbAggregatesEnabled: boolean;
  /** Connections of the data API's pool (PostgREST's `db-pool`). */
  dbPool: number;
  /** Handles the HTTP server accepts on, all on its one listening socket (1: only its own). */
  listenHandles: number;
  logLevel: string;
  staticDir: string;
  /** OUTBOUND_ALLOW_PRIVATE and OUTBOUND_ALLOW_PORTS: what outbound requests may reach (server/src/lib/outbound). */
  outbound: OutboundPolicy;
}

const hints: Record<string, string> = {
  PORT: 'e.g. PORT=3000',
  DATABASE_URL: 'e.g. DATABASE_URL=postgres://user:password@localhost:5432/app, or unset it to use the embedded PostgreSQL',
  JWT_SECRET: 'or unset it to have one generated and kept in DATA_DIR',
  SOCIAL_TOKEN_KEYS: 'e.g. SOCIAL_TOKEN_KEYS=$(openssl rand -base64 32), or unset it to have one generated and kept in DATA_DIR',
  SITE_URL: 'e.g. SITE_URL=https://example.com',
  ADMIN_PASSWORD: 'or unset it to have one generated and printed once',
  DB_SCHEMAS: 'e.g. DB_SCHEMAS=public,api',
  OUTBOUND_ALLOW_PRIVATE: 'e.g. OUTBOUND_ALLOW_PRIVATE=10.0.0.0/8,fd00::/8, or true on a development machine',
  OUTBOUND_ALLOW_PORTS: 'e.g. OUTBOUND_ALLOW_PORTS=8080,8443',
};

const SECRET_KEYS = new Set(['ADMIN_PASSWORD', 'JWT_SECRET', 'JWT_KEYS', 'AUTH_ENCRYPTION_KEYS', 'SOCIAL_TOKEN_KEYS', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_SECRET_KEY']);

/** A rejected value as it may be printed: secrets masked, passwords in URLs masked. */
function shown(key: string, value: string): string {
  if (SECRET_KEYS.has(key)) return '***';
  return value.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
}

/** Reads and validates the environment. Throws `ConfigError` with one line per the first problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0]);
    const got = cleaned[key] === undefined ? '' : ` (got "${shown(key, cleaned[key]!)}")`;
    const hint = hints[key] ? `; ${hints[key]}` : '';
    throw new ConfigError(`Invalid configuration: ${key} ${issue.message}${got}${hint}.`);
  }
  const value = parsed.data;
  return {
    port: value.PORT,
    host: value.HOST,
    dataDir: path.resolve(value.DATA_DIR),
    storageDir: path.resolve(value.STORAGE_DIR ?? path.join(value.DATA_DIR, 'storage')),
    storageFileSizeLimit: value.STORAGE_FILE_SIZE_LIMIT,
    storageEtagAlgorithm: value.STORAGE_FILE_ETAG_ALGORITHM,
    assetQuotaBytes: value.ASSET_QUOTA_BYTES,
    supabase:
      value.SUPABASE_URL && (value.SUPABASE_SERVICE_ROLE_KEY ?? value.SUPABASE_SECRET_KEY)
        ? { url: value.SUPABASE_URL.replace(/\/+$/, ''), serviceKey: (value.SUPABASE_SERVICE_ROLE_KEY ?? value.SUPABASE_SECRET_KEY)! }
        : undefined,
    databaseUrl: value.DATABASE_URL,
    jwtSecret: value.JWT_SECRET,
    jwtKeys: value.JWT_KEYS,
    encryptionKeys: value.AUTH_ENCRYPTION_KEYS,
    securePasswordChange: value.AUTH_SECURE_PASSWORD_CHANGE,
    socialTokenKeys: value.SOCIAL_TOKEN_KEYS,
    jwtExpiry: value.JWT_EXPIRY,
    siteUrl: (value.SITE_URL ?? `http://localhost:${value.PORT || 3000}`).replace(/\/$/, ''),
    additionalRedirectUrls: value.ADDITIONAL_REDIRECT_URLS.split(',').map((entry) => entry.trim()).filter(Boolean),
    adminUsername: value.ADMIN_USERNAME,
    adminPassword: value.ADMIN_PASSWORD,
    autoconfirm: value.AUTH_AUTOCONFIRM,
    anonymousUsersEnabled: value.AUTH_EXTERNAL_ANONYMOUS_USERS_ENABLED,
    passwordMinLength: value.PASSWORD_MIN_LENGTH,
    smtpUrl: value.SMTP_URL,
    smtpFrom: value.SMTP_FROM,
    trustProxy: value.TRUST_PROXY,
    analyticsRollupSeconds: value.ANALYTICS_ROLLUP_SECONDS,
    automationLogDays: value.AUTOMATION_LOG_DAYS,
    jobRunner: value.JOB_RUNNER,
    jobConcurrency: value.JOB_CONCURRENCY,
    email: {
      publicUrl: (value.EMAIL_PUBLIC_URL ?? value.SITE_URL ?? `http://localhost:${value.PORT || 3000}`).replace(/\/$/, ''),
      ratePerSecond: value.EMAIL_RATE_PER_SECOND,
      smtpConnections: value.EMAIL_SMTP_CONNECTIONS,
      workerHttpPort: value.WORKER_HTTP_PORT,
    },
    rateLimits: {
      tokenRefresh: value.RATE_LIMIT_TOKEN_REFRESH,
      verify: value.RATE_LIMIT_VERIFY,
      otp: value.RATE_LIMIT_OTP,
      emailSentPerHour: value.RATE_LIMIT_EMAIL_SENT,
      emailPerClientPerHour: value.RATE_LIMIT_EMAIL_PER_CLIENT,
      signInPerAccountPerHour: value.RATE_LIMIT_SIGN_IN_PER_ACCOUNT,
      anonymousUsersPerHour: value.RATE_LIMIT_ANONYMOUS_USERS,
    },
    emailMaxFrequency: value.AUTH_EMAIL_MAX_FREQUENCY,
    emailLinkExpiry: value.AUTH_EMAIL_LINK_EXPIRY,
    refreshTokenReuseInterval: value.REFRESH_TOKEN_REUSE_INTERVAL,
    dbSchemas: value.DB_SCHEMAS,
    dbAggregatesEnabled: value.DB_AGGREGATES_ENABLED,
    dbPool: value.DB_POOL,
    listenHandles: value.LISTEN_HANDLES,
    logLevel: value.LOG_LEVEL,
    staticDir: path.resolve(value.STATIC_DIR),
    outbound: { allowPrivate: value.OUTBOUND_ALLOW_PRIVATE, allowPorts: value.OUTBOUND_ALLOW_PORTS },
  };
}

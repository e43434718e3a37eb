/**
 * The user object exactly as GoTrue serializes `models.User` (field order, omitted empty fields,
 * RFC 3339 timestamps with trailing zeros of the fraction trimmed, map keys sorted like Go's encoder).
 */

/** Timestamps come from SQL as `YYYY-MM-DDTHH:MI:SS.ffffffZ` (UTC, microseconds), or null. */
export type Timestamp = string | null;

export interface IdentityRecord {
  identity_id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown> | null;
  provider: string;
  last_sign_in_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  email: string | null;
}

/** A second factor as GoTrue serializes `models.Factor` in the user object. */
export interface FactorRecord {
  id: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  status: 'verified' | 'unverified';
  friendly_name: string | null;
  factor_type: string;
  phone: string | null;
  last_challenged_at: Timestamp;
}

export interface UserRecord {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  email_confirmed_at: Timestamp;
  invited_at: Timestamp;
  phone: string | null;
  phone_confirmed_at: Timestamp;
  confirmation_sent_at: Timestamp;
  confirmed_at: Timestamp;
  recovery_sent_at: Timestamp;
  email_change: string | null;
  email_change_sent_at: Timestamp;
  last_sign_in_at: Timestamp;
  reauthentication_sent_at?: Timestamp;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  /** Second factors, oldest first (none: the key is left out, as GoTrue's `omitempty`). */
  factors?: FactorRecord[];
  identities: IdentityRecord[];
  created_at: Timestamp;
  updated_at: Timestamp;
  banned_until: Timestamp;
  deleted_at: Timestamp;
  is_anonymous: boolean;
}

/** Go's `time.Time` JSON (RFC3339Nano): `…:00.123400Z` → `…:00.1234Z`, `…:00.000000Z` → `…:00Z`. */
export function formatTimestamp(value: Timestamp): string | null {
  if (value === null) return null;
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?Z$/.exec(value);
  if (!match) throw new Error(`not a UTC timestamp: ${value}`);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  return fraction ? `${match[1]}.${fraction}Z` : `${match[1]}Z`;
}

/** Objects with keys in Go's map order (sorted), at every depth; arrays keep their order. */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value !== null && typeof value === 'object') {
    const source = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(source)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
        .map((key) => [key, sortKeysDeep(source[key])]),
    );
  }
  return value;
}

type Json = Record<string, unknown>;

/** Adds `key: value` unless the value is empty (Go's `omitempty` for pointers and strings). */
function putOmitEmpty(target: Json, key: string, value: unknown): void {
  if (value === null || value === undefined || value === '') return;
  target[key] = value;
}

export function serializeIdentity(row: IdentityRecord): Json {
  const out: Json = { identity_id: row.identity_id, id: row.provider_id, user_id: row.user_id };
  if (row.identity_data && Object.keys(row.identity_data).length > 0) out.identity_data = sortKeysDeep(row.identity_data);
  out.provider = row.provider;
  putOmitEmpty(out, 'last_sign_in_at', formatTimestamp(row.last_sign_in_at));
  out.created_at = formatTimestamp(row.created_at);
  out.updated_at = formatTimestamp(row.updated_at);
  putOmitEmpty(out, 'email', row.email);
  return out;
}

export function serializeFactor(row: FactorRecord): Json {
  const out: Json = { id: row.id, created_at: formatTimestamp(row.created_at), updated_at: formatTimestamp(row.updated_at), status: row.status };
  putOmitEmpty(out, 'friendly_name', row.friendly_name);
  out.factor_type = row.factor_type;
  out.phone = row.phone ?? '';
  out.last_challenged_at = formatTimestamp(row.last_challenged_at);
  return out;
}

export function serializeUser(row: UserRecord): Json {
  const out: Json = { id: row.id, aud: row.aud, role: row.role, email: row.email ?? '' };
  putOmitEmpty(out, 'email_confirmed_at', formatTimestamp(row.email_confirmed_at));
  putOmitEmpty(out, 'invited_at', formatTimestamp(row.invited_at));
  out.phone = row.phone ?? '';
  putOmitEmpty(out, 'phone_confirmed_at', formatTimestamp(row.phone_confirmed_at));
  putOmitEmpty(out, 'confirmation_sent_at', formatTimestamp(row.confirmation_sent_at));
  putOmitEmpty(out, 'confirmed_at', formatTimestamp(row.confirmed_at));
  putOmitEmpty(out, 'recovery_sent_at', formatTimestamp(row.recovery_sent_at));
  putOmitEmpty(out, 'new_email', row.email_change);
  putOmitEmpty(out, 'email_change_sent_at', formatTimestamp(row.email_change_sent_at));
  putOmitEmpty(out, 'reauthentication_sent_at', formatTimestamp(row.reauthentication_sent_at ?? null));
  putOmitEmpty(out, 'last_sign_in_at', formatTimestamp(row.last_sign_in_at));
  out.app_metadata = sortKeysDeep(row.raw_app_meta_data ?? {});
  out.user_metadata = sortKeysDeep(row.raw_user_meta_data ?? {});
  if (row.factors?.length) out.factors = row.factors.map(serializeFactor);
  out.identities = row.identities.map(serializeIdentity);
  out.created_at = formatTimestamp(row.created_at);
  out.updated_at = formatTimestamp(row.updated_at);
  putOmitEmpty(out, 'banned_until', formatTimestamp(row.banned_until));
  putOmitEmpty(out, 'deleted_at', formatTimestamp(row.deleted_at));
  out.is_anonymous = row.is_anonymous;
  return out;
}

/**
 * GoTrue's `sanitizeUser`: the answer to a sign-up of an already registered (confirmed) address while
 * e-mail confirmation is on, so the response does not tell whether the address is registered.
 */
export function fakeSignupUser(input: {
  id: string;
  email: string;
  aud: string;
  data: Record<string, unknown>;
  now: string;
}): Json {
  return {
    id: input.id,
    aud: input.aud,
    role: '',
    email: input.email,
    phone: '',
    confirmation_sent_at: formatTimestamp(input.now),
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: sortKeysDeep(input.data),
    identities: [],
    created_at: formatTimestamp(input.now),
    updated_at: formatTimestamp(input.now),
    is_anonymous: false,
  };
}

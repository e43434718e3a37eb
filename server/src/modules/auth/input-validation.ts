import { type AuthError, badRequest, weakPassword } from './auth-error';

/**
 * Request input, checked the way GoTrue checks it: its JSON decoding into Go structs (`retrieveRequestParams`)
 * and its validators (`validateEmail`, `checkPasswordStrength`, …), with the same messages.
 */

export type FieldType = 'string' | 'object' | 'boolean';

const GO_TYPE: Record<FieldType, string> = { string: 'string', object: 'map[string]interface {}', boolean: 'bool' };

function jsonTypeName(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'boolean') return 'bool';
  return typeof value; // string, number, object
}

function matches(type: FieldType, value: unknown): boolean {
  if (type === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value);
  return typeof value === type;
}

/**
 * Decodes a request body like `json.Unmarshal` into a Go struct: only the listed fields are read, `null`
 * means absent, a value of the wrong type is a 400 `bad_json`. `undefined` is an empty body.
 */
export function decodeBody<T extends Record<string, unknown>>(
  body: unknown,
  struct: string,
  fields: Record<keyof T & string, FieldType>,
  prefix = 'Could not parse request body as JSON: ',
): Partial<T> {
  if (body === undefined) throw badRequest('bad_json', `${prefix}unexpected end of JSON input`);
  if (body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('bad_json', `${prefix}json: cannot unmarshal ${jsonTypeName(body)} into Go value of type api.${struct}`);
  }
  const source = body as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [field, type] of Object.entries(fields) as [string, FieldType][]) {
    const value = source[field];
    if (value === undefined || value === null) continue;
    if (!matches(type, value)) {
      throw badRequest(
        'bad_json',
        `${prefix}json: cannot unmarshal ${jsonTypeName(value)} into Go struct field ${struct}.${field} of type ${GO_TYPE[type]}`,
      );
    }
    // PostgreSQL text cannot hold NUL: refused here rather than failing in the database.
    if (typeof value === 'string' && value.includes('\u0000')) {
      throw badRequest('validation_failed', `${field} cannot contain the NUL character (\\u0000)`);
    }
    out[field] = value;
  }
  return out as Partial<T>;
}

// badoux/checkmail `ValidateFormat`, which GoTrue uses.
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** GoTrue's `validateEmail`: required, at most 255 bytes, checkmail's format; returns it lower-cased. */
export function validateEmail(email: string | undefined): string {
  if (!email) throw badRequest('validation_failed', 'An email address is required');
  if (Buffer.byteLength(email) > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_FORMAT.test(email)) throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}

/** GoTrue's `validatePhone`: `+` and spaces dropped, then E.164 digits. */
export function validatePhone(phone: string): string {
  const formatted = phone.replace(/^\+/, '').replaceAll(' ', '');
  if (!/^[1-9][0-9]{1,14}$/.test(formatted)) throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
  return formatted;
}

/**
 * User metadata (`data` of sign-up and PUT /user) travels in every access token, so it stays small enough
 * for a token to fit in a request's headers (Node answers 431 above 16 KB of headers): 8 KB of JSON at most,
 * 16 levels deep at most, and text PostgreSQL's jsonb accepts (no NUL, no lone UTF-16 surrogate).
 */
export const MAX_USER_METADATA_BYTES = 8 * 1024;
export const MAX_USER_METADATA_DEPTH = 16;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'User metadata cannot contain the NUL character (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'User metadata must be valid Unicode text (it contains a lone surrogate)';
  return undefined;
}

/** Checks user metadata before it reaches the database and the tokens; returns it unchanged. */
export function checkUserMetadata<T extends Record<string, unknown>>(data: T): T {
  const pending: [unknown, number][] = [[data, 1]];
  while (pending.length) {
    const [value, depth] = pending.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) throw badRequest('validation_failed', problem);
    } else if (typeof value === 'object' && value !== null) {
      if (depth > MAX_USER_METADATA_DEPTH) {
        throw badRequest('validation_failed', `User metadata is nested too deeply (at most ${MAX_USER_METADATA_DEPTH} levels)`);
      }
      for (const [key, child] of Object.entries(value)) {
        const problem = textProblem(key);
        if (problem) throw badRequest('validation_failed', problem);
        pending.push([child, depth + 1]);
      }
    }
  }
  const bytes = Buffer.byteLength(JSON.stringify(data));
  if (bytes > MAX_USER_METADATA_BYTES) {
    throw badRequest('validation_failed', `User metadata is too large: ${bytes} bytes of JSON, at most ${MAX_USER_METADATA_BYTES}`);
  }
  return data;
}

/** bcrypt reads at most 72 bytes: a longer password is refused instead of being silently truncated. */
export const MAX_PASSWORD_BYTES = 72;

export function isPasswordTooLong(password: string): boolean {
  return Buffer.byteLength(password) > MAX_PASSWORD_BYTES;
}

export function checkPasswordLength(password: string): void {
  if (isPasswordTooLong(password)) {
    throw badRequest('validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
}

/**
 * GoTrue's `checkPasswordStrength` (length measured in bytes, as Go's `len`). Returns the weak-password
 * error, or undefined for an acceptable password.
 */
export function passwordWeakness(password: string, minLength: number): AuthError | undefined {
  if (Buffer.byteLength(password) < minLength) {
    return weakPassword(`Password should be at least ${minLength} characters.`, ['length']);
  }
  return undefined;
}

/** The password of a new account or a password change: long enough, and not over bcrypt's 72 bytes. */
export function checkNewPassword(password: string, minLength: number): void {
  checkPasswordLength(password);
  const weakness = passwordWeakness(password, minLength);
  if (weakness) throw weakness;
}

export type LogoutScope = 'global' | 'local' | 'others';

export function parseLogoutScope(scope: unknown): LogoutScope {
  if (scope === undefined || scope === '' || scope === 'global') return 'global';
  if (scope === 'local' || scope === 'others') return scope;
  const shown = Array.isArray(scope) ? String(scope[0] ?? '') : String(scope);
  throw badRequest('validation_failed', `Unsupported logout scope ${JSON.stringify(shown)}`);
}

/** E-mail link types this server issues and verifies (`invite` and `magiclink` resolve like GoTrue's). */
export type VerifyType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change' | 'email';

const VERIFY_TYPES = new Set<string>(['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email']);

export function isVerifyType(value: string): value is VerifyType {
  return VERIFY_TYPES.has(value);
}

/** The one-time-token kinds a link type may be redeemed against. */
export function tokenTypesFor(type: VerifyType): string[] {
  switch (type) {
    case 'signup':
    case 'invite':
      return ['confirmation_token'];
    case 'recovery':
    case 'magiclink':
      return ['recovery_token'];
    case 'email_change':
      return ['email_change_token_new', 'email_change_token_current'];
    case 'email':
      return ['confirmation_token', 'recovery_token'];
  }
}

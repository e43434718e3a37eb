import { RETRY_AFTER_SECONDS } from '../../db/availability';

/**
 * Errors of the auth API and their wire format, as GoTrue (supabase/auth `internal/api/errors.go`) writes them.
 * Handlers throw `AuthError`; the module's error handler turns it into a reply with `errorResponse`.
 */

export type AuthErrorKind = 'http' | 'oauth' | 'weak_password';

export class AuthError extends Error {
  override name = 'AuthError';
  constructor(
    readonly status: number,
    /** GoTrue's string error code (`invalid_credentials`, …); for OAuth errors the `error` value. */
    readonly code: string,
    message: string,
    readonly kind: AuthErrorKind = 'http',
    /** `weak_password.reasons` of a weak-password error. */
    readonly reasons: string[] = [],
    /** Extra response headers (e.g. Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const unauthorized = (code: string, message: string) => new AuthError(401, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const tooManyRequests = (code: string, message: string, retryAfterSeconds?: number) =>
  new AuthError(429, code, message, 'http', [], retryAfterSeconds === undefined ? {} : { 'Retry-After': String(retryAfterSeconds) });
export const internalError = (message: string) => new AuthError(500, 'unexpected_failure', message);
/** The database cannot be reached: 503 with Retry-After (auth-js makes it an AuthRetryableFetchError). */
export const databaseUnavailable = () =>
  new AuthError(503, 'unexpected_failure', 'The service is briefly unavailable: please try again in a moment.', 'http', [], {
    'Retry-After': String(RETRY_AFTER_SECONDS),
  });
export const oauthError = (error: string, description: string) => new AuthError(400, error, description, 'oauth');
export const weakPassword = (message: string, reasons: string[]) =>
  new AuthError(422, 'weak_password', message, 'weak_password', reasons);

/** The message GoTrue gives for an error it did not expect: nothing of the cause leaks. */
export const UNEXPECTED_FAILURE_MESSAGE = 'Unexpected failure, please check server logs for more information';

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024_01_01 = '2024-01-01';

/**
 * GoTrue's `DetermineClosestAPIVersion`: a `YYYY-MM-DD` date on or after 2024-01-01 selects the
 * 2024-01-01 format; anything else (absent, older, unparsable) the initial one.
 */
export function apiVersionOf(header: string | string[] | undefined): '2024-01-01' | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return undefined;
  return value >= API_VERSION_2024_01_01 ? API_VERSION_2024_01_01 : undefined;
}

export interface ErrorReply {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/**
 * The reply for an error, in the shape the request's `X-Supabase-Api-Version` selects.
 * `errorId` (the request id) goes into legacy 5xx bodies, as GoTrue's `error_id`.
 */
export function errorResponse(error: unknown, apiVersionHeader: string | string[] | undefined, errorId: string): ErrorReply {
  const version = apiVersionOf(apiVersionHeader);
  const headers: Record<string, string> = version ? { [API_VERSION_HEADER]: version } : {};

  if (!(error instanceof AuthError)) {
    const body = version
      ? { code: 'unexpected_failure', message: UNEXPECTED_FAILURE_MESSAGE }
      : { code: 500, error_code: 'unexpected_failure', msg: UNEXPECTED_FAILURE_MESSAGE };
    return { status: 500, headers, body };
  }
  Object.assign(headers, error.headers);

  if (error.kind === 'oauth') {
    return { status: error.status, headers, body: { error: error.code, error_description: error.message } };
  }

  if (error.kind === 'weak_password') {
    const payload = error.reasons.length ? { weak_password: { reasons: error.reasons } } : {};
    if (version) return { status: 422, headers, body: { code: 'weak_password', message: error.message, ...payload } };
    headers['x-sb-error-code'] = 'weak_password';
    return { status: 422, headers, body: { code: 422, error_code: 'weak_password', msg: error.message, ...payload } };
  }

  const code = error.code || (error.status === 500 ? 'unexpected_failure' : 'unknown');
  headers['x-sb-error-code'] = code;
  if (version) return { status: error.status, headers, body: { code, message: error.message } };
  const body: Record<string, unknown> = { code: error.status, error_code: code, msg: error.message };
  if (error.status >= 500) body.error_id = errorId;
  return { status: error.status, headers, body };
}

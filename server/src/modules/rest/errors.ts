/**
 * PostgREST's error body and status mapping (contract §3.4, PostgREST `Error.hs`).
 * Every error the data API answers goes through here: `{code, message, details, hint}`, never SQL text,
 * stack traces or host names.
 */

export interface RestErrorBody {
  code: string;
  message: string;
  /** Text, or a JSON value (PGRST201 lists the candidate relationships). */
  details: unknown;
  hint: string | null;
}

/** An error answered to the client as it is. */
export class RestError extends Error {
  override name = 'RestError';
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  readonly hint: string | null;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    body: { code: string; message: string; details?: unknown; hint?: string | null },
    headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.status = status;
    this.code = body.code;
    this.details = body.details ?? null;
    this.hint = body.hint ?? null;
    this.headers = headers;
  }

  body(): RestErrorBody {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** Position-style message of PostgREST's parsers: `"failed to parse filter (eqq.1)" (line 1, column 4)`. */
export function parseError(what: string, input: string, column: number, details: string): RestError {
  return new RestError(400, {
    code: 'PGRST100',
    message: `"failed to parse ${what} (${input})" (line 1, column ${column})`,
    details,
  });
}

/** A part of the grammar PostgREST has that this server deliberately does not implement. */
export function unsupported(what: string): RestError {
  return new RestError(400, { code: 'PGRST100', message: `${what} is not supported by this server`, details: null });
}

export function invalidBody(message: string): RestError {
  return new RestError(400, { code: 'PGRST102', message });
}

export function bodyTooLarge(limit: number): RestError {
  return new RestError(413, {
    code: 'PGRST102',
    message: 'Request body is too large',
    details: `The request body may be at most ${limit} bytes`,
  });
}

export function invalidSchema(schema: string, exposed: readonly string[]): RestError {
  return new RestError(406, {
    code: 'PGRST106',
    message: `Invalid schema: ${schema}`,
    hint: `Only the following schemas are exposed: ${exposed.join(', ')}`,
  });
}

export function notAcceptable(mediaTypes: string): RestError {
  return new RestError(406, { code: 'PGRST107', message: `None of these media types are available: ${mediaTypes}` });
}

export function singularityError(rows: number): RestError {
  return new RestError(406, {
    code: 'PGRST116',
    message: 'Cannot coerce the result to a single JSON object',
    details: `The result contains ${rows} rows`,
  });
}

export function rangeNotSatisfiable(details: string): RestError {
  return new RestError(416, { code: 'PGRST103', message: 'Requested range not satisfiable', details });
}

export function missingWhereClause(method: 'PATCH' | 'DELETE'): RestError {
  return new RestError(400, {
    code: '21000',
    message: `${method === 'PATCH' ? 'UPDATE' : 'DELETE'} requires a WHERE clause`,
  });
}

export function unsupportedMethod(method: string): RestError {
  return new RestError(405, { code: 'PGRST117', message: `Unsupported HTTP method: ${method}` });
}

export function invalidRpcMethod(method: string): RestError {
  return new RestError(405, { code: 'PGRST101', message: `Cannot use the ${method} method on RPC` });
}

function wwwAuthenticate(message: string): Record<string, string> {
  return { 'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}` };
}

/** PGRST301: a token that cannot be decoded or verified. */
export function jwtDecodeError(message: string): RestError {
  return new RestError(401, { code: 'PGRST301', message }, wwwAuthenticate(message));
}

/** PGRST303: a verified token whose claims are not acceptable (expired, not yet valid, unknown role…). */
export function jwtClaimsError(message: string): RestError {
  return new RestError(401, { code: 'PGRST303', message }, wwwAuthenticate(message));
}

/** The PostgreSQL error fields this mapping reads (postgres.js `PostgresError`). */
export interface PgErrorFields {
  code: string;
  message: string;
  detail?: string | undefined;
  hint?: string | undefined;
}

export function isPgError(error: unknown): error is PgErrorFields & Error {
  return (
    error instanceof Error &&
    error.name === 'PostgresError' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}

/** PostgREST's SQLSTATE → HTTP status (`mapSQLtoHTTP`). `isAnon`: the request ran as the anon role. */
export function statusOfSqlState(code: string, message: string, isAnon: boolean): number {
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  if (code === '42883') return 404;
  if (code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === '42501') return isAnon ? 401 : 403;
  if (code === '53400') return 500;
  if (code === '57P01') return 503;
  if (code === 'P0001') return 400;
  const PT = /^PT(\d{3})$/.exec(code);
  if (PT) {
    const status = Number(PT[1]);
    return status >= 100 && status <= 599 ? status : 500;
  }
  const prefix = code.slice(0, 2);
  if (prefix === '08') return 503;
  if (prefix === '09') return 500;
  if (prefix === '0L' || prefix === '0P' || prefix === '28') return 403;
  // 54: program limit exceeded (a select of too many columns, an expression too deep). PostgREST 12 (which
  // hosted Supabase runs) answers 413, as for a request too large to serve; PostgREST 13 moved it to 500.
  if (prefix === '54') return 413;
  if (['25', '2D', '38', '39', '3B', '40', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(prefix)) return 500;
  if (prefix === '53') return 503;
  return 400;
}

interface RaisedMessage {
  code: string;
  message: string;
  details?: string | null;
  hint?: string | null;
}

interface RaisedDetail {
  status: number;
  headers?: Record<string, string>;
}

/**
 * `RAISE SQLSTATE 'PGRST' USING message = '{"code",…}', detail = '{"status",…}'`: PostgREST's way for SQL to
 * choose the whole response. The session check of the local auth shim uses it.
 */
function fromRaisedPgrst(error: PgErrorFields): RestError {
  let body: RaisedMessage;
  let detail: RaisedDetail;
  try {
    body = JSON.parse(error.message) as RaisedMessage;
    detail = JSON.parse(error.detail ?? '') as RaisedDetail;
    if (typeof body.code !== 'string' || typeof body.message !== 'string' || !Number.isInteger(detail.status)) {
      throw new Error('shape');
    }
  } catch {
    return new RestError(500, {
      code: 'PGRST121',
      message: 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
    });
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(detail.headers ?? {})) {
    if (typeof value === 'string' && /^[A-Za-z0-9-]+$/.test(name)) headers[name] = value;
  }
  return new RestError(
    detail.status,
    { code: body.code, message: body.message, details: body.details ?? null, hint: body.hint ?? null },
    headers,
  );
}

/** A PostgreSQL error as PostgREST answers it. Unknown non-PostgreSQL errors become a bare 500. */
export function fromDatabaseError(error: unknown, isAnon: boolean): RestError {
  if (error instanceof RestError) return error;
  if (!isPgError(error)) return internalError();
  if (error.code === 'PGRST') return fromRaisedPgrst(error);
  const status = statusOfSqlState(error.code, error.message, isAnon);
  const restError = new RestError(status, {
    code: error.code,
    message: error.message,
    details: error.detail ?? null,
    hint: error.hint ?? null,
  });
  if (status === 401) restError.headers['WWW-Authenticate'] = 'Bearer';
  return restError;
}

/** Connection-level failures (the database is unreachable or went away). */
export function connectionError(): RestError {
  return new RestError(503, { code: 'PGRST000', message: 'Database connection error. Retrying the connection.' });
}

export function internalError(): RestError {
  return new RestError(500, { code: 'PGRSTX00', message: 'Internal server error' });
}

/** `Prefer: handling=strict, max-affected=N` and more rows changed: nothing is kept (PGRST124). */
export function maxAffectedViolation(rows: number): RestError {
  return new RestError(400, {
    code: 'PGRST124',
    message: 'Query result exceeds max-affected preference constraint',
    details: `The query affects ${rows} rows`,
  });
}

export function maxAffectedNotSet(): RestError {
  return new RestError(400, {
    code: 'PGRST128',
    message: 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
  });
}

export function invalidPreferences(invalid: string[]): RestError {
  return new RestError(400, {
    code: 'PGRST122',
    message: 'Invalid preferences given with handling=strict',
    details: `Invalid preferences: ${invalid.join(', ')}`,
  });
}

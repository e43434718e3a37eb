/**
 * The 303 targets of `GET /verify` (implicit flow), as GoTrue builds them: the session, an error or a
 * message in the URL fragment, encoded like Go's `url.Values.Encode` (keys sorted, spaces as `+`).
 */

/** Go's `url.QueryEscape`: everything but `A-Z a-z 0-9 - _ . ~` percent-encoded, space as `+`. */
export function goQueryEscape(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

export function encodeValues(values: Record<string, string>): string {
  return Object.keys(values)
    .sort()
    .map((key) => `${goQueryEscape(key)}=${goQueryEscape(values[key]!)}`)
    .join('&');
}

/** `u.Query()` … `u.RawQuery = q.Encode()`: `values` set in the URL's query, every key sorted, the fragment kept. */
function withQuery(url: string, values: Record<string, string>): string {
  const hash = url.indexOf('#');
  const fragment = hash === -1 ? '' : url.slice(hash);
  const base = hash === -1 ? url : url.slice(0, hash);
  const mark = base.indexOf('?');
  const params = new URLSearchParams(mark === -1 ? '' : base.slice(mark + 1));
  for (const [key, value] of Object.entries(values)) params.set(key, value);
  const query = [...new Set(params.keys())]
    .sort()
    .flatMap((key) => params.getAll(key).map((value) => `${goQueryEscape(key)}=${goQueryEscape(value)}`))
    .join('&');
  return `${mark === -1 ? base : base.slice(0, mark)}?${query}${fragment}`;
}

function withFragment(url: string, fragment: string): string {
  const hash = url.indexOf('#');
  return `${hash === -1 ? url : url.slice(0, hash)}#${fragment}`;
}

export interface RedirectSession {
  access_token: string;
  token_type: string;
  expires_in: number;
  expires_at: number;
  refresh_token: string;
}

/** `AccessTokenResponse.AsRedirectURL` plus `type`: what supabase-js reads from the hash on load. */
export function sessionRedirect(redirectTo: string, session: RedirectSession, type: string): string {
  return `${redirectTo}#${encodeValues({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    sb: '',
    token_type: session.token_type,
    type,
  })}`;
}

const OAUTH_ERROR: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** `prepErrorRedirectURL`: the error in the fragment, and for a PKCE flow in the query too. */
export function errorRedirect(
  redirectTo: string,
  error: { status: number; code: string; message: string },
  flow: 'implicit' | 'pkce' = 'implicit',
): string {
  const values: Record<string, string> = { error_code: error.code, error_description: error.message };
  const oauth = OAUTH_ERROR[error.status];
  if (oauth) values.error = oauth;
  const target = flow === 'pkce' ? withQuery(redirectTo, values) : redirectTo;
  return withFragment(target, encodeValues({ ...values, sb: '' }));
}

/** `prepPKCERedirectURL`: the flow's auth code in the query, for `exchangeCodeForSession`. */
export function pkceRedirect(redirectTo: string, code: string): string {
  return withQuery(redirectTo, { code });
}

/** `prepRedirectURL`: a message (first half of a secure e-mail change) in the fragment. */
export function messageRedirect(redirectTo: string, message: string): string {
  return withFragment(redirectTo, encodeValues({ message }));
}

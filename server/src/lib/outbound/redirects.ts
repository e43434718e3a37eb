/** One request of a chain: what the next hop sends. */
export interface Hop {
  url: URL;
  method: string;
  body: string | Buffer | undefined;
  headers: Record<string, string>;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Dropped when a redirect leaves the origin (as fetch does): credentials meant for the first host. */
const ORIGIN_BOUND_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

export function isRedirect(status: number): boolean {
  return REDIRECT_STATUSES.has(status);
}

export type NextHop = { kind: 'follow'; hop: Hop } | { kind: 'stop'; reason: 'method_change' } | { kind: 'invalid'; message: string };

/**
 * The request a redirect asks for, as the fetch standard has it: 307 and 308 repeat the method and body; 303 (and
 * 301/302 after a POST) turn into a GET without a body. With `keepMethod` a redirect that would change the method
 * is not followed (a webhook must arrive as the POST it was signed as).
 */
export function nextHop(current: Hop, status: number, location: string | undefined, options: { keepMethod: boolean }): NextHop {
  if (!location) return { kind: 'invalid', message: `redirect ${status} without a Location header` };
  let url: URL;
  try {
    url = new URL(location, current.url);
  } catch {
    return { kind: 'invalid', message: `redirect ${status} to an invalid address` };
  }
  const changesMethod = (status === 303 && current.method !== 'HEAD' && current.method !== 'GET') || ((status === 301 || status === 302) && current.method === 'POST');
  if (changesMethod && options.keepMethod) return { kind: 'stop', reason: 'method_change' };
  const headers = { ...current.headers };
  if (url.origin !== current.url.origin) for (const name of ORIGIN_BOUND_HEADERS) delete headers[name];
  if (changesMethod) {
    delete headers['content-type'];
    delete headers['content-length'];
    return { kind: 'follow', hop: { url, method: 'GET', body: undefined, headers } };
  }
  return { kind: 'follow', hop: { url, method: current.method, body: current.body, headers } };
}

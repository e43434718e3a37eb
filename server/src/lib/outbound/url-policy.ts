import { isIP } from 'node:net';
import { checkAddress, describeAddressClass, type AddressPolicy } from './address-policy';

/** The server's outbound settings: addresses (OUTBOUND_ALLOW_PRIVATE) and ports (OUTBOUND_ALLOW_PORTS). */
export interface OutboundPolicy extends AddressPolicy {
  /** Ports besides 80 and 443: `any`, or a list (any port when allowPrivate is `all`). */
  allowPorts: 'any' | readonly number[];
}

export const STRICT_POLICY: OutboundPolicy = { allowPrivate: [], allowPorts: [] };

export type UrlProblem = 'invalid_url' | 'scheme' | 'port' | 'address';

export type UrlVerdict = { ok: true; url: URL } | { ok: false; problem: UrlProblem; message: string };

const DEFAULT_PORTS = [80, 443];

/** `localhost`, `localhost.` and names under `.localhost` (RFC 6761): loopback whatever a resolver says. */
export function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** `[::1]` → `::1` (URL.hostname keeps IPv6 brackets). */
export function hostnameOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Whether a URL may be fetched before anything is resolved or connected: http(s) only, port 80/443 unless allowed,
 * and a literal IP address (any spelling the WHATWG parser turns into one: `2130706433`, `0x7f.1`, `0177.0.0.1`,
 * `[::ffff:127.0.0.1]`) or a localhost name judged now. Names are judged again by the address they resolve to when
 * the connection is made (guarded-connector.ts), on every hop.
 */
export function checkOutboundUrl(input: string | URL, policy: OutboundPolicy): UrlVerdict {
  let url: URL;
  try {
    url = typeof input === 'string' ? new URL(input) : new URL(input.href);
  } catch {
    return { ok: false, problem: 'invalid_url', message: 'is not a valid URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, problem: 'scheme', message: `must start with http:// or https:// (not ${url.protocol}//)` };
  }
  if (!url.hostname) return { ok: false, problem: 'invalid_url', message: 'has no host name' };
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  const anyPort = policy.allowPorts === 'any' || policy.allowPrivate === 'all';
  if (!DEFAULT_PORTS.includes(port) && !anyPort && !(policy.allowPorts as readonly number[]).includes(port)) {
    return { ok: false, problem: 'port', message: `uses port ${port}: only 80 and 443 are allowed on this server` };
  }
  const host = hostnameOf(url);
  if (isIP(host)) {
    const verdict = checkAddress(host, policy);
    if (!verdict.allowed) return { ok: false, problem: 'address', message: `points at ${verdict.reason}, which this server does not send to` };
  } else if (isLoopbackName(host) && policy.allowPrivate !== 'all') {
    return { ok: false, problem: 'address', message: `points at ${host}, ${describeAddressClass('loopback')}, which this server does not send to` };
  }
  return { ok: true, url };
}

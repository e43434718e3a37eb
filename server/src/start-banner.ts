/**
 * What the server prints once it serves: the address to open. E-mail links (invitations, password resets, new-lead
 * notices) lead to SITE_URL, and a browser keeps a session per origin: signed in at another address of the same
 * machine (http://127.0.0.1:3000 for http://localhost:3000), a link from an e-mail opens signed out. So the address
 * is said at start, and in the README's first lines.
 *
 * SITE_URL is never taken from a request's Host header, not even "on first start": a Host header is whatever the
 * sender writes, and an e-mail link built from it hands a password-reset or invitation token to the sender's host
 * (password-reset poisoning); whoever reached a fresh server first would choose the address for everybody.
 */

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The same address written with another name of this machine (localhost ↔ 127.0.0.1), or null. */
function otherLoopbackAddress(url: URL): string | null {
  if (!LOOPBACK_NAMES.includes(url.hostname)) return null;
  const other = new URL(url.href);
  other.hostname = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  return other.origin;
}

/** The lines to print. `siteUrl` is the configured SITE_URL (or its default), `listeningUrl` where the server listens. */
export function startBanner(siteUrl: string, listeningUrl: string): string[] {
  const site = new URL(siteUrl);
  const listening = new URL(listeningUrl);
  const lines = [`Open ${site.origin}${site.pathname.replace(/\/$/, '')} in your browser: e-mail links (invitations, password resets, lead notices) lead there (SITE_URL).`];
  const other = otherLoopbackAddress(site);
  if (other) lines.push(`Signed in at another address, such as ${other}, you would open those links signed out. Another address: set SITE_URL.`);
  if (site.origin !== listening.origin && !other) lines.push(`This server listens on ${listening.origin}; SITE_URL must lead to it (a reverse proxy, say).`);
  return lines;
}

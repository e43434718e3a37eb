import { isIPv6 } from 'node:net';

/** An IPv4 client seen through an IPv6 socket (`::ffff:203.0.113.9`) is the IPv4 address. */
export function plainAddress(ip: string): string {
  return ip.toLowerCase().startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
}

/** The eight groups of an IPv6 address, `::` expanded. */
function ipv6Groups(ip: string): string[] {
  const [head = '', tail] = ip.toLowerCase().split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => group.replace(/^0+(?=.)/, ''));
}

/**
 * Who a limit counts: an IPv4 address as it is, an IPv6 address as its /64 (the block one subscriber
 * gets, so a client cannot walk through its own addresses), as `private.request_client_address()` does.
 */
export function clientKey(ip: string): string {
  const address = plainAddress(ip);
  if (!isIPv6(address) || address.includes('.')) return address;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}

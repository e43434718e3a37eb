import ipaddr from 'ipaddr.js';

/**
 * Which addresses the server may connect to on a user's behalf (webhooks, crawls, link previews): public unicast
 * only, unless the server's OUTBOUND_ALLOW_PRIVATE setting allows more. Parsing and the special-purpose ranges come
 * from ipaddr.js (IANA's registries, kept up to date there); what is added here are the forms that carry an IPv4
 * address inside an IPv6 one, which are judged by the IPv4 address they reach.
 */

/** Why an address is refused; `public` is the one allowed without a setting. */
export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'metadata'
  | 'carrier-grade-nat'
  | 'multicast'
  | 'unspecified'
  | 'broadcast'
  | 'unique-local'
  | 'reserved'
  | 'tunnel'
  | 'invalid';

/** OUTBOUND_ALLOW_PRIVATE: `all` (tests, development), or the ranges a server admin opened (an intranet's n8n). */
export interface AddressPolicy {
  allowPrivate: 'all' | readonly string[];
}

export const STRICT_ADDRESS_POLICY: AddressPolicy = { allowPrivate: [] };

/** Cloud instance metadata services: named apart in messages (they are link-local, unique-local, CGNAT or reserved). */
const METADATA_ADDRESSES = new Set(['169.254.169.254', '169.254.170.2', 'fd00:ec2::254', '100.100.100.200', '192.0.0.192']);

const IPV4_RANGE_CLASS: Record<string, AddressClass> = {
  unicast: 'public',
  loopback: 'loopback',
  private: 'private',
  linkLocal: 'link-local',
  carrierGradeNat: 'carrier-grade-nat',
  multicast: 'multicast',
  unspecified: 'unspecified',
  broadcast: 'broadcast',
};

const IPV6_RANGE_CLASS: Record<string, AddressClass> = {
  unicast: 'public',
  loopback: 'loopback',
  linkLocal: 'link-local',
  deprecatedSiteLocal: 'link-local',
  uniqueLocal: 'unique-local',
  multicast: 'multicast',
  unspecified: 'unspecified',
  '6to4': 'tunnel',
  teredo: 'tunnel',
};

/** `[::1]` → `::1`; IPv6 text in one canonical form (the WHATWG URL serialiser's) where it has no zone. */
function bare(address: string): string {
  const text = address.trim().replace(/^\[(.*)\]$/, '$1');
  if (!text.includes(':') || text.includes('%')) return text;
  try {
    return new URL(`http://[${text}]/`).hostname.slice(1, -1);
  } catch {
    return text;
  }
}

/** The IPv4 address an IPv6 address stands for, where it embeds one that a connection would reach. */
function embeddedIPv4(address: ipaddr.IPv6, range: string): ipaddr.IPv4 | null {
  const parts = address.parts;
  if (range === 'ipv4Mapped' || range === 'rfc6145') return lowIPv4(parts);
  // NAT64's well-known prefix 64:ff9b::/96 (64:ff9b:1::/48 is for a network's own NAT64: private).
  if (range === 'rfc6052' && parts[2] === 0 && parts[3] === 0 && parts[4] === 0 && parts[5] === 0) return lowIPv4(parts);
  return null;
}

/** The last 32 bits of an IPv6 address as an IPv4 address. */
function lowIPv4(parts: readonly number[]): ipaddr.IPv4 {
  return new ipaddr.IPv4([parts[6]! >> 8, parts[6]! & 255, parts[7]! >> 8, parts[7]! & 255]);
}

/** The class of one IP address (IPv4 in any form inet_aton takes, IPv6 with or without brackets or a zone). */
export function classifyAddress(input: string): AddressClass {
  const text = bare(input);
  if (!ipaddr.isValid(text)) return 'invalid';
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === 'ipv4') {
    const normal = parsed.toString();
    if (METADATA_ADDRESSES.has(normal)) return 'metadata';
    return IPV4_RANGE_CLASS[parsed.range()] ?? 'reserved';
  }
  const v6 = parsed as ipaddr.IPv6;
  if (METADATA_ADDRESSES.has(new ipaddr.IPv6(v6.parts).toString())) return 'metadata';
  const range = v6.range();
  const inner = embeddedIPv4(v6, range);
  if (inner) return classifyAddress(inner.toString());
  if (range === 'rfc6052') return 'private';
  // ::a.b.c.d, the deprecated IPv4-compatible form (ipaddr.js calls it unicast): never a public destination; named
  // by the IPv4 address's class where that is not public either.
  if (range === 'unicast' && v6.parts.slice(0, 6).every((part) => part === 0)) {
    const compatible = classifyAddress(lowIPv4(v6.parts).toString());
    return compatible === 'public' ? 'reserved' : compatible;
  }
  return IPV6_RANGE_CLASS[range] ?? 'reserved';
}

/** The IPv4 address itself for an IPv4-mapped or NAT64 one, so an allowed range matches both spellings. */
function comparable(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!ipaddr.isValid(text)) return null;
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === 'ipv4') return parsed;
  const v6 = parsed as ipaddr.IPv6;
  return embeddedIPv4(v6, v6.range()) ?? v6;
}

/** Whether the address is one of the ranges OUTBOUND_ALLOW_PRIVATE lists (an address alone is its own /32 or /128). */
export function isInAllowedRanges(address: string, ranges: readonly string[]): boolean {
  const target = comparable(bare(address));
  if (!target) return false;
  return ranges.some((range) => {
    const [network, bits] = range.includes('/') ? ipaddr.parseCIDR(range) : [ipaddr.parse(range), range.includes(':') ? 128 : 32];
    return network.kind() === target.kind() && target.match(network, bits);
  });
}

export type AddressVerdict = { allowed: true; class: AddressClass } | { allowed: false; class: AddressClass; reason: string };

const CLASS_WORDS: Record<AddressClass, string> = {
  public: 'a public address',
  loopback: 'a loopback address (this machine)',
  private: 'a private network address',
  'link-local': 'a link-local address',
  metadata: 'a cloud metadata service address',
  'carrier-grade-nat': 'a carrier-grade NAT address',
  multicast: 'a multicast address',
  unspecified: 'the unspecified address',
  broadcast: 'the broadcast address',
  'unique-local': 'a unique local (private) IPv6 address',
  reserved: 'a reserved or documentation address',
  tunnel: 'an IPv6 tunnel (6to4 or Teredo) address',
  invalid: 'not an IP address',
};

export function describeAddressClass(addressClass: AddressClass): string {
  return CLASS_WORDS[addressClass];
}

/** May the server connect to this address under the policy? */
export function checkAddress(address: string, policy: AddressPolicy): AddressVerdict {
  const addressClass = classifyAddress(address);
  if (addressClass === 'public') return { allowed: true, class: addressClass };
  if (addressClass !== 'invalid' && (policy.allowPrivate === 'all' || isInAllowedRanges(address, policy.allowPrivate))) {
    return { allowed: true, class: addressClass };
  }
  return { allowed: false, class: addressClass, reason: `${bare(address)}, ${describeAddressClass(addressClass)}` };
}

/**
 * OUTBOUND_ALLOW_PRIVATE's value: `true` → all, `false` or empty → none, else a comma-separated list of IP addresses
 * and CIDR ranges (normalised). Throws a one-line message for an entry that is neither.
 */
export function parseAllowPrivate(value: string): AddressPolicy['allowPrivate'] {
  const text = value.trim().toLowerCase();
  if (['true', '1', 'yes'].includes(text)) return 'all';
  if (['', 'false', '0', 'no'].includes(text)) return [];
  return text.split(',').map((entry) => entry.trim()).filter(Boolean).map((entry) => {
    if (ipaddr.isValidCIDR(entry)) {
      const [network, bits] = ipaddr.parseCIDR(entry);
      return `${network.toString()}/${bits}`;
    }
    if (ipaddr.isValid(entry) && (entry.includes(':') || ipaddr.IPv4.isValidFourPartDecimal(entry))) return ipaddr.parse(entry).toString();
    throw new Error(`"${entry}" is not an IP address or CIDR range`);
  });
}

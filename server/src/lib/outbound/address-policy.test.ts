import { describe, expect, it } from 'vitest';
import { checkAddress, classifyAddress, isInAllowedRanges, parseAllowPrivate, STRICT_ADDRESS_POLICY } from './address-policy';

describe('classifyAddress', () => {
  it.each([
    // IPv4, dotted and in the forms inet_aton also takes (decimal, octal, hex, short).
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['2130706433', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['0x7f.0.0.1', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['0177.1', 'loopback'],
    ['127.1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['0xc0a80101', 'private'],
    ['169.254.1.1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['0xa9fea9fe', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['192.0.0.192', 'metadata'],
    ['100.64.0.1', 'carrier-grade-nat'],
    ['100.127.255.255', 'carrier-grade-nat'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.51.100.1', 'reserved'],
    ['203.0.113.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    // IPv6.
    ['2606:4700:4700::1111', 'public'],
    ['[2606:4700:4700::1111]', 'public'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fec0::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['100::1', 'reserved'],
    ['2002:7f00:1::', 'tunnel'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'tunnel'],
    // IPv4 inside IPv6: judged by the IPv4 address it reaches.
    ['::ffff:127.0.0.1', 'loopback'],
    ['[::ffff:127.0.0.1]', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['64:ff9b:1::8.8.8.8', 'private'],
    // The deprecated IPv4-compatible form ::a.b.c.d: never public.
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['::8.8.8.8', 'reserved'],
    ['::808:808', 'reserved'],
    // Not addresses at all.
    ['localhost', 'invalid'],
    ['localhost.', 'invalid'],
    ['example.com', 'invalid'],
    ['', 'invalid'],
    ['256.0.0.1', 'invalid'],
    ['1.2.3.4.5', 'invalid'],
    ['::ffff:999.0.0.1', 'invalid'],
    ['127.0.0.1 ', 'loopback'],
  ])('%j → %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });
});

describe('checkAddress', () => {
  it('allows public addresses and nothing else without a setting', () => {
    expect(checkAddress('8.8.8.8', STRICT_ADDRESS_POLICY)).toEqual({ allowed: true, class: 'public' });
    expect(checkAddress('127.0.0.1', STRICT_ADDRESS_POLICY)).toEqual({ allowed: false, class: 'loopback', reason: '127.0.0.1, a loopback address (this machine)' });
    expect(checkAddress('[::ffff:169.254.169.254]', STRICT_ADDRESS_POLICY)).toMatchObject({ allowed: false, class: 'metadata' });
  });

  it('allows every address with OUTBOUND_ALLOW_PRIVATE=true, but never text that is no address', () => {
    expect(checkAddress('127.0.0.1', { allowPrivate: 'all' }).allowed).toBe(true);
    expect(checkAddress('fd00:ec2::254', { allowPrivate: 'all' }).allowed).toBe(true);
    expect(checkAddress('localhost', { allowPrivate: 'all' }).allowed).toBe(false);
  });

  it('allows only the listed ranges, in either spelling of an IPv4 address', () => {
    const policy = { allowPrivate: ['127.0.0.2/32', '10.1.0.0/16'] };
    expect(checkAddress('127.0.0.2', policy).allowed).toBe(true);
    expect(checkAddress('::ffff:127.0.0.2', policy).allowed).toBe(true);
    expect(checkAddress('127.0.0.1', policy).allowed).toBe(false);
    expect(checkAddress('10.1.200.3', policy).allowed).toBe(true);
    expect(checkAddress('10.2.0.1', policy).allowed).toBe(false);
    expect(checkAddress('::1', policy).allowed).toBe(false);
  });
});

describe('isInAllowedRanges', () => {
  it.each([
    ['fd00::5', ['fd00::/8'], true],
    ['fe80::1', ['fd00::/8'], false],
    ['192.168.0.9', ['192.168.0.9'], true],
    ['192.168.0.10', ['192.168.0.9'], false],
    ['not an address', ['0.0.0.0/0'], false],
  ] as const)('%s in %j → %s', (address, ranges, expected) => {
    expect(isInAllowedRanges(address, ranges)).toBe(expected);
  });
});

describe('parseAllowPrivate', () => {
  it.each([
    ['true', 'all'],
    ['1', 'all'],
    ['false', []],
    ['', []],
    ['127.0.0.2', ['127.0.0.2']],
    ['10.0.0.0/8, FD00::/8 ,192.168.1.7', ['10.0.0.0/8', 'fd00::/8', '192.168.1.7']],
  ] as const)('%j → %j', (value, expected) => {
    expect(parseAllowPrivate(value)).toEqual(expected);
  });

  it.each(['yes please', '10.0.0.0/33', '0x7f.1', 'localhost'])('refuses %j', (value) => {
    expect(() => parseAllowPrivate(value)).toThrow(/is not an IP address or CIDR range/);
  });
});

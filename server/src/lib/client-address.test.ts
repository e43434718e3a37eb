import { describe, expect, it } from 'vitest';
import { clientKey, plainAddress } from './client-address';

describe('plainAddress', () => {
  it.each([
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::FFFF:127.0.0.1', '127.0.0.1'],
    ['2001:db8::1', '2001:db8::1'],
    ['198.51.100.1', '198.51.100.1'],
  ])('%s → %s', (ip, expected) => {
    expect(plainAddress(ip)).toBe(expected);
  });
});

describe('clientKey', () => {
  it.each([
    ['198.51.100.1', '198.51.100.1'],
    ['::ffff:198.51.100.1', '198.51.100.1'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1:2:3:4', 'fe80:0:0:0::/64'],
    ['not an address', 'not an address'],
  ])('%s → %s', (ip, expected) => {
    expect(clientKey(ip)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { requestHeadersSetting } from './request-headers';

describe('requestHeadersSetting', () => {
  it('replaces every address a client can claim with the one the server trusts', () => {
    const headers = {
      apikey: 'key',
      'x-forwarded-for': '203.0.113.1, 198.51.100.7',
      'x-real-ip': '203.0.113.2',
      'cf-connecting-ip': '203.0.113.3',
      'true-client-ip': '203.0.113.4',
      forwarded: 'for=203.0.113.5',
    };
    expect(JSON.parse(requestHeadersSetting(headers, '192.0.2.10'))).toEqual({ apikey: 'key', 'x-forwarded-for': '192.0.2.10' });
  });

  it('keeps the other headers as sent', () => {
    expect(JSON.parse(requestHeadersSetting({ 'user-agent': 'ua', prefer: 'return=minimal' }, '::1'))).toEqual({
      'user-agent': 'ua',
      prefer: 'return=minimal',
      'x-forwarded-for': '::1',
    });
  });
});

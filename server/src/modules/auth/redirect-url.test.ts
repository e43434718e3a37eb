import { describe, expect, it } from 'vitest';
import { isRedirectUrlValid, resolveRedirectTo } from './redirect-url';

const site = 'https://shop.example';

describe('isRedirectUrlValid', () => {
  it.each([
    ['https://shop.example/welcome?x=1', true],
    ['https://shop.example', true],
    ['http://shop.example/welcome', false],
    ['https://shop.example:8443/welcome', false],
    ['https://evil.example/welcome', false],
    ['https://shop.example.evil.example/', false],
    ['https://evil.example/?https://shop.example', false],
    ['https://shop.example@evil.example/', false],
    ['https://user:pass@shop.example/', false],
    ['//evil.example/', false],
    ['/relative', false],
    ['javascript:alert(1)', false],
    [' https://shop.example/', false],
    ['https://shop.example/\tx', false],
    ['http://127.0.0.1:5173/', true],
    ['http://127.8.0.1/', true],
    ['http://[::1]:3000/', true],
    ['http://2130706433/', true],
    ['http://10.0.0.1/', false],
    ['ftp://127.0.0.1/', false],
    ['', false],
    [undefined, false],
  ])('%j → %s', (candidate, valid) => {
    expect(isRedirectUrlValid(site, candidate)).toBe(valid);
  });

  it('accepts any port on a localhost site URL', () => {
    expect(isRedirectUrlValid('http://localhost:3000', 'http://localhost:5173/auth')).toBe(true);
    expect(isRedirectUrlValid('http://localhost:3000', 'https://localhost:5173/auth')).toBe(false);
  });
});

describe('resolveRedirectTo', () => {
  it('prefers a valid redirect_to, then a valid Referer, then SITE_URL', () => {
    expect(resolveRedirectTo(site, 'https://shop.example/a', 'https://shop.example/b')).toBe('https://shop.example/a');
    expect(resolveRedirectTo(site, 'https://evil.example/a', 'https://shop.example/b')).toBe('https://shop.example/b');
    expect(resolveRedirectTo(site, 'https://evil.example/a', 'https://evil.example/b')).toBe(site);
    expect(resolveRedirectTo(site, undefined, undefined)).toBe(site);
  });
});

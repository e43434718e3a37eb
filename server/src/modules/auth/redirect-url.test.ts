import { describe, expect, it } from 'vitest';
import { isRedirectUrlValid, resolveRedirectTo, type RedirectPolicy } from './redirect-url';

const site: RedirectPolicy = { siteUrl: 'https://shop.example', additionalRedirectUrls: [] };

describe('isRedirectUrlValid: SITE_URL origin only', () => {
  it.each([
    ['https://shop.example/welcome?x=1', true],
    ['https://shop.example', true],
    ['https://SHOP.example/welcome', true],
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
    // Loopback addresses are no exception (a session must not go to whatever listens there).
    ['http://localhost:9999/', false],
    ['http://127.0.0.1:5173/', false],
    ['http://127.1.2.3/', false],
    ['http://[::1]:3000/', false],
    ['http://0x7f000001/', false],
    ['http://2130706433/', false],
    ['', false],
    [undefined, false],
  ])('%j → %s', (candidate, valid) => {
    expect(isRedirectUrlValid(site, candidate)).toBe(valid);
  });

  it('a localhost site allows its own port only', () => {
    const local = { siteUrl: 'http://localhost:3000', additionalRedirectUrls: [] };
    expect(isRedirectUrlValid(local, 'http://localhost:3000/auth')).toBe(true);
    expect(isRedirectUrlValid(local, 'http://localhost:5173/auth')).toBe(false);
    expect(isRedirectUrlValid(local, 'http://127.0.0.1:3000/auth')).toBe(false);
  });
});

describe('isRedirectUrlValid: ADDITIONAL_REDIRECT_URLS', () => {
  const policy = (...additionalRedirectUrls: string[]) => ({ siteUrl: 'https://shop.example', additionalRedirectUrls });

  it.each([
    ['https://app.example', 'https://app.example/any/path?x=1', true],
    ['https://app.example/', 'https://app.example/', true],
    ['https://app.example', 'http://app.example/', false],
    ['https://app.example', 'https://app.example:444/', false],
    ['https://app.example/auth', 'https://app.example/auth/callback', true],
    ['https://app.example/auth', 'https://app.example/auth', true],
    ['https://app.example/auth', 'https://app.example/authority', false],
    ['https://app.example/auth', 'https://app.example/', false],
    ['https://*.app.example', 'https://eu.app.example', true],
    ['https://*.app.example', 'https://a.b.app.example', false],
    ['https://*.app.example', 'https://evilapp.example', false],
    ['https://*.app.example/**', 'https://eu.app.example/deep/path', true],
    ['http://localhost:*/**', 'http://localhost:5173/welcome', true],
    ['http://localhost:*/**', 'http://localhost.evil.example:80/welcome', false],
    ['https://app.example/*/done', 'https://app.example/en/done', true],
    ['https://app.example/*/done', 'https://app.example/en/x/done', false],
  ])('%s allows %s: %s', (entry, candidate, valid) => {
    expect(isRedirectUrlValid(policy(entry), candidate)).toBe(valid);
  });
});

describe('resolveRedirectTo', () => {
  it('prefers a valid redirect_to, then a valid Referer, then SITE_URL', () => {
    expect(resolveRedirectTo(site, 'https://shop.example/a', 'https://shop.example/b')).toBe('https://shop.example/a');
    expect(resolveRedirectTo(site, 'https://evil.example/a', 'https://shop.example/b')).toBe('https://shop.example/b');
    expect(resolveRedirectTo(site, 'https://evil.example/a', 'https://evil.example/b')).toBe('https://shop.example');
    expect(resolveRedirectTo(site, undefined, undefined)).toBe('https://shop.example');
  });
});

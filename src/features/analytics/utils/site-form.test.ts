import { describe, expect, it } from 'vitest';
import { analyticsCopy } from '@/config/analytics-copy';
import { normalizeDomain, validateSiteForm } from './site-form';

describe('normalizeDomain', () => {
  it.each([
    ['example.com', 'example.com'],
    ['  WWW.Example.COM ', 'example.com'],
    ['https://www.shop.example.com/', 'shop.example.com'],
    ['www.localhost', 'www.localhost'],
    ['wwwexample.com', 'wwwexample.com'],
    ['www2.example.com', 'www2.example.com'],
    ['https://shop.example.com/pricing?x=1#top', 'shop.example.com'],
    ['http://localhost:5173/', 'localhost'],
    ['example.com.', 'example.com'],
    ['127.0.0.1', '127.0.0.1'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeDomain(input)).toBe(expected);
  });

  it.each(['', '   ', '/pricing', 'exa mple.com', '-example.com', 'example..com', 'ex_ample.com', `${'a'.repeat(64)}.com`])('refuses %j', (input) => {
    expect(normalizeDomain(input)).toBeNull();
  });
});

describe('validateSiteForm', () => {
  it('trims the name and normalises the domain', () => {
    expect(validateSiteForm({ name: '  Shop ', domain: 'https://Shop.example/' })).toEqual({ site: { name: 'Shop', domain: 'shop.example' } });
    expect(validateSiteForm({ name: 'Shop', domain: 'www.shop.example' })).toEqual({ site: { name: 'Shop', domain: 'shop.example' } });
  });

  it('names each wrong field', () => {
    expect(validateSiteForm({ name: ' ', domain: 'not a domain' })).toEqual({
      errors: { name: analyticsCopy.errors.nameRequired, domain: analyticsCopy.errors.domainInvalid },
    });
    expect(validateSiteForm({ name: 'x'.repeat(121), domain: 'ok.example' })).toEqual({ errors: { name: analyticsCopy.errors.nameRequired } });
  });
});

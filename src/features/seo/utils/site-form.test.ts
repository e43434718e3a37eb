import { describe, expect, it } from 'vitest';
import { normalizeStartUrl, validateSeoSiteForm, type SeoSiteForm } from '@/features/seo/utils/site-form';

const form: SeoSiteForm = { name: 'Shop', startUrl: 'shop.example', analyticsSiteId: 'none', pageLimit: '500', crawlDelayMs: '1000', schedule: 'weekly' };

describe('normalizeStartUrl', () => {
  it.each([
    ['shop.example', 'https://shop.example/'],
    [' http://Shop.Example:8080/start#top ', 'http://shop.example:8080/start'],
    ['https://shop.example/a?b=c', 'https://shop.example/a?b=c'],
  ])('%s → %s', (input, expected) => expect(normalizeStartUrl(input)).toBe(expected));

  it.each(['', 'ftp://shop.example/', 'https://user:pass@shop.example/', 'javascript:alert(1)', 'http://'])('refuses %j', (input) => {
    expect(normalizeStartUrl(input)).toBeNull();
  });
});

describe('validateSeoSiteForm', () => {
  it('gives the row to store', () => {
    expect(validateSeoSiteForm({ ...form, analyticsSiteId: 'a1' })).toEqual({
      values: { name: 'Shop', start_url: 'https://shop.example/', analytics_site_id: 'a1', page_limit: 500, crawl_delay_ms: 1000, schedule: 'weekly' },
    });
  });

  it('names every bad field', () => {
    const checked = validateSeoSiteForm({ ...form, name: ' ', startUrl: 'ftp://x', pageLimit: '0', crawlDelayMs: '1.5' });
    expect(Object.keys('errors' in checked ? checked.errors : {}).sort()).toEqual(['crawlDelayMs', 'name', 'pageLimit', 'startUrl']);
    expect('errors' in validateSeoSiteForm({ ...form, pageLimit: '5001' })).toBe(true);
  });

  it('lets the agency site leave its address empty', () => {
    expect(validateSeoSiteForm({ ...form, startUrl: '' }, true)).toMatchObject({ values: { start_url: null } });
    expect('errors' in validateSeoSiteForm({ ...form, startUrl: '' })).toBe(true);
  });
});

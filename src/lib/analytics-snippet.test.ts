import { describe, expect, it } from 'vitest';
import { snippetTag } from './analytics-snippet';

const settings = { scriptUrl: 'https://app.example/analytics.js', siteId: 'site-1', apiUrl: 'https://api.example', anonKey: 'key"<&' };

describe('snippetTag', () => {
  it('is one deferred script tag with the site, the API and the key', () => {
    expect(snippetTag(settings)).toBe(
      '<script defer src="https://app.example/analytics.js" data-site="site-1" data-api="https://api.example" data-key="key&quot;&lt;&amp;"></script>',
    );
  });

  it('names included paths only when there are some', () => {
    expect(snippetTag({ ...settings, includedPaths: ['/', '/blog*'] })).toContain(' data-include="/,/blog*"></script>');
    expect(snippetTag({ ...settings, includedPaths: [] })).not.toContain('data-include');
  });

  it('names excluded paths only when there are some', () => {
    expect(snippetTag({ ...settings, excludedPaths: ['/admin*', '/team'] })).toContain(' data-exclude="/admin*,/team"></script>');
    expect(snippetTag({ ...settings, excludedPaths: [] })).not.toContain('data-exclude');
  });
});

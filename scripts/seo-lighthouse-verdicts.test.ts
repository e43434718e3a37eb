import { describe, expect, it } from 'vitest';
import { agreementTable, compareVerdicts, lighthouseVerdicts, SHARED_AUDITS, toolkitVerdicts } from './seo-lighthouse-verdicts';

const pass = { score: 1, scoreDisplayMode: 'binary' };
const fail = { score: 0, scoreDisplayMode: 'binary' };

describe('the verdicts Lighthouse and the toolkit share', () => {
  it('are the ten audits of Lighthouse’s SEO category that decide something', () => {
    expect([...SHARED_AUDITS.keys()].sort()).toEqual(
      ['canonical', 'crawlable-anchors', 'document-title', 'hreflang', 'http-status-code', 'image-alt', 'is-crawlable', 'link-text', 'meta-description', 'robots-txt'],
    );
  });

  it('fail for ours when a check of the audit was found on the page, or on the site for a site check', () => {
    const clean = toolkitVerdicts([], []);
    expect(Object.values(clean).every(Boolean)).toBe(true);
    const page = toolkitVerdicts(['title_missing', 'no_caching'], ['robots_txt_invalid']);
    expect(page['document-title']).toBe(false);
    expect(page['robots-txt']).toBe(false);
    expect(page['meta-description']).toBe(true);
    // A page-level check found elsewhere on the site does not fail this page.
    expect(toolkitVerdicts([], ['title_missing'])['document-title']).toBe(true);
  });

  it('read Lighthouse’s: 1 passes, 0 fails, not applicable passes, an error has no verdict', () => {
    expect(lighthouseVerdicts({ 'document-title': pass, 'meta-description': fail, hreflang: { score: null, scoreDisplayMode: 'notApplicable' }, canonical: { score: null, scoreDisplayMode: 'error' } })).toEqual({
      'document-title': true,
      'meta-description': false,
      hreflang: true,
    });
  });

  it('count agreeing page × audit pairs, only where both decided, and list the differences', () => {
    const agreement = compareVerdicts([
      { url: 'https://a/1', toolkit: { 'document-title': false, canonical: true, hreflang: true }, lighthouse: { 'document-title': false, canonical: false } },
      { url: 'https://a/2', toolkit: { 'document-title': true }, lighthouse: { 'document-title': true, canonical: true } },
    ]);
    expect(agreement).toMatchObject({ pairs: 3, agreed: 2 });
    expect(agreement.byAudit['document-title']).toMatchObject({ pairs: 2, agreed: 2, failedByBoth: 1 });
    expect(agreement.byAudit.canonical!.differences).toEqual([{ url: 'https://a/1', toolkit: true, lighthouse: false }]);
    expect(agreementTable(agreement)).toContain('| **all** | | **3** | **2** | | **66.7 %** |');
  });
});

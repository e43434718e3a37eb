import { describe, expect, it } from 'vitest';
import { isSubresourceAsset } from '@/config/security-headers';

describe('isSubresourceAsset', () => {
  it.each([
    ['/assets/index-5Dh9ybUc.js', true],
    ['/assets/platform-BzSDiQhn.mjs', true],
    ['/assets/index-CU1A2rdu.css', true],
    // A worker's script carries its own Content-Security-Policy.
    ['/assets/csv-parse.worker-Bf8K012r.js', false],
    ['/assets/pdf.worker.min-FHbmGBN0.mjs', false],
    // Not content-hashed, or not a script or style sheet.
    ['/hydrate.js', false],
    ['/analytics.js', false],
    ['/assets/logo-abc.svg', false],
    ['/assets/', false],
    ['/dashboard', false],
  ])('%s → %s', (pathname, expected) => {
    expect(isSubresourceAsset(pathname)).toBe(expected);
  });
});

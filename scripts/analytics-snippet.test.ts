import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
// The snippet customers paste (public/analytics.js, served as it is).

describe('public/analytics.js', () => {
  it('is at most 2 KB gzip, as served', () => {
    const source = readFileSync(path.resolve(import.meta.dirname, '../public/analytics.js'));
    expect(gzipSync(source, { level: 9 }).length).toBeLessThanOrEqual(2048);
  });

  it('touches neither cookies nor storage', () => {
    const source = readFileSync(path.resolve(import.meta.dirname, '../public/analytics.js'), 'utf8').replace(/^\s*\/\/.*$/gm, '');
    expect(source).not.toMatch(/document\.cookie|localStorage|sessionStorage|indexedDB/);
  });
});

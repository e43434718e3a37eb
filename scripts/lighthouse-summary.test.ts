import { describe, expect, it } from 'vitest';
import { figuresOf, median, medianFigures } from './lighthouse-summary';

const report = {
  categories: { performance: { score: 0.99 }, accessibility: { score: 1 }, 'best-practices': { score: 1 }, seo: { score: 0.92 } },
  audits: {
    'largest-contentful-paint': { numericValue: 1612.4 },
    'cumulative-layout-shift': { numericValue: 0.001 },
    'total-blocking-time': { numericValue: 20 },
    'first-contentful-paint': { numericValue: 1200 },
    'network-requests': {
      details: {
        items: [
          { url: 'http://127.0.0.1:4000/', resourceType: 'Document', transferSize: 5000 },
          { url: 'http://127.0.0.1:4000/assets/index-1.js', resourceType: 'Script', transferSize: 90000 },
          { url: 'http://127.0.0.1:4000/assets/landing-2.js', resourceType: 'Script', transferSize: 4000 },
          { url: 'https://cdn.example.com/x.js', resourceType: 'Script', transferSize: 100 },
        ],
      },
    },
  },
};

describe('figuresOf', () => {
  it('reads the scores, the metrics and the same-origin scripts of a report', () => {
    expect(figuresOf(report, 'http://127.0.0.1:4000')).toEqual({
      performance: 99,
      accessibility: 100,
      bestPractices: 100,
      seo: 92,
      lcpMs: 1612.4,
      cls: 0.001,
      tbtMs: 20,
      fcpMs: 1200,
      scripts: ['/assets/index-1.js', '/assets/landing-2.js'],
      scriptTransferBytes: 94000,
    });
  });
});

describe('median', () => {
  it.each([
    [[3], 3],
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
  ])('%j → %d', (values, expected) => {
    expect(median(values)).toBe(expected);
  });
});

describe('medianFigures', () => {
  it('takes the median of each figure separately', () => {
    const base = figuresOf(report, 'http://127.0.0.1:4000');
    const runs = [
      { ...base, performance: 97, lcpMs: 1700 },
      { ...base, performance: 100, lcpMs: 1500 },
      { ...base, performance: 99, lcpMs: 1900 },
    ];
    expect(medianFigures(runs)).toMatchObject({ performance: 99, lcpMs: 1700, scripts: base.scripts });
  });
});

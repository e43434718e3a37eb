import { describe, expect, it } from 'vitest';
import { keywordWindow, positionChange } from '@/features/seo/utils/keyword-window';

describe('keywordWindow', () => {
  it('takes the last 28 days with data and the 28 before', () => {
    expect(keywordWindow('2026-03-01')).toEqual({ from: '2026-02-02', to: '2026-03-01', previousFrom: '2026-01-05', previousTo: '2026-02-01' });
    expect(keywordWindow(null)).toBeNull();
  });
});

describe('positionChange', () => {
  it.each([
    [3.2, 5.2, { text: 'up 2.0', tone: 'up' }],
    [7, 4.5, { text: 'down 2.5', tone: 'down' }],
    [4, 4, { text: 'no change', tone: 'none' }],
    [4, null, { text: 'new', tone: 'new' }],
    [null, 4, { text: '—', tone: 'none' }],
  ] as const)('%s from %s', (current, previous, expected) => expect(positionChange(current, previous)).toEqual(expected));
});

import { describe, expect, it } from 'vitest';
import { rate } from './email-rates';

describe('rate', () => {
  it.each([
    [0, 0, null],
    [5, 0, null],
    [0, 10, '0.0%'],
    [1, 3, '33.3%'],
    [1, 400, '0.25%'],
    [10, 10, '100.0%'],
  ])('%i of %i → %s', (part, whole, expected) => {
    expect(rate(part, whole)).toBe(expected);
  });
});

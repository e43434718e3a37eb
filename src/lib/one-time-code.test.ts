import { describe, expect, it } from 'vitest';
import { codeError, normalizeCode, secondsUntilResend } from '@/lib/one-time-code';

describe('normalizeCode', () => {
  it.each([
    ['123456', '123456'],
    [' 123 456 ', '123456'],
    ['123-456', '123456'],
    ['12\t34\n56', '123456'],
  ])('%j → %s', (input, expected) => {
    expect(normalizeCode(input)).toBe(expected);
  });
});

describe('codeError', () => {
  it.each([
    ['', 'Enter the 6-digit code.'],
    ['   ', 'Enter the 6-digit code.'],
    ['12a456', 'The code has digits only.'],
    ['12345', 'The code has 6 digits (this one has 5).'],
    ['1234567', 'The code has 6 digits (this one has 7).'],
    ['123 456', null],
    ['000000', null],
  ])('%j → %j', (input, expected) => {
    expect(codeError(input)).toBe(expected);
  });
});

describe('secondsUntilResend', () => {
  it('counts down from the interval, never below 0', () => {
    expect(secondsUntilResend(null, 5_000)).toBe(0);
    expect(secondsUntilResend(1_000, 1_000)).toBe(60);
    expect(secondsUntilResend(1_000, 1_500)).toBe(60);
    expect(secondsUntilResend(1_000, 60_999)).toBe(1);
    expect(secondsUntilResend(1_000, 61_000)).toBe(0);
    expect(secondsUntilResend(1_000, 99_000)).toBe(0);
    expect(secondsUntilResend(0, 10_000, 30)).toBe(20);
  });
});

import { describe, expect, it } from 'vitest';
import { maskEmail } from './mailer';

describe('maskEmail', () => {
  it.each([
    ['ann@example.com', 'a***@example.com'],
    ['x@y.z', 'x***@y.z'],
    ['broken', '***'],
    ['@nouser.com', '***'],
  ])('%s → %s', (input, expected) => {
    expect(maskEmail(input)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { activeTotpFactor, groupedKey, unfinishedFactors, type FactorSummary } from '@/features/account-security/utils/two-factor-status';

const factor = (id: string, status: FactorSummary['status'], type = 'totp'): FactorSummary => ({ id, type, status, friendlyName: 'x' });

describe('activeTotpFactor', () => {
  it.each([
    ['none', [], null],
    ['only an unfinished enrolment', [factor('a', 'unverified')], null],
    ['a verified TOTP factor', [factor('a', 'unverified'), factor('b', 'verified')], 'b'],
    ['a verified factor of another type only', [factor('p', 'verified', 'phone')], null],
  ])('%s', (_name, factors, expected) => {
    expect(activeTotpFactor(factors)?.id ?? null).toBe(expected);
  });
});

describe('unfinishedFactors', () => {
  it('keeps the unverified ones', () => {
    expect(unfinishedFactors([factor('a', 'unverified'), factor('b', 'verified'), factor('c', 'unverified')]).map((f) => f.id)).toEqual(['a', 'c']);
  });
});

describe('groupedKey', () => {
  it.each([
    ['JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP'],
    ['ABCDE', 'ABCD E'],
    ['ABCD', 'ABCD'],
    ['', ''],
  ])('%s → %s', (secret, expected) => {
    expect(groupedKey(secret)).toBe(expected);
  });
});

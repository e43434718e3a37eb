import { describe, expect, it } from 'vitest';
import { needsSecondFactor, tokenAal } from '@/lib/assurance-level';

const token = (claims: Record<string, unknown>) =>
  `eyJhbGciOiJSUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.signature`;
const verified = { factor_type: 'totp', status: 'verified' };
const unverified = { factor_type: 'totp', status: 'unverified' };

describe('tokenAal', () => {
  it.each([
    [token({ aal: 'aal1' }), 'aal1'],
    [token({ aal: 'aal2', name: 'é ü ~~~' }), 'aal2'],
    [token({ sub: 'x' }), null],
    ['not-a-token', null],
    ['a.%%%.c', null],
  ])('%s → %j', (input, expected) => {
    expect(tokenAal(input)).toBe(expected);
  });
});

describe('needsSecondFactor', () => {
  it.each([
    ['no session', null, false],
    ['no factors', { access_token: token({ aal: 'aal1' }), user: {} }, false],
    ['only an unverified factor (enrolment not finished)', { access_token: token({ aal: 'aal1' }), user: { factors: [unverified] } }, false],
    ['a verified factor, aal1 token', { access_token: token({ aal: 'aal1' }), user: { factors: [verified] } }, true],
    ['a verified factor, token without aal', { access_token: token({}), user: { factors: [verified] } }, true],
    ['a verified factor, aal2 token', { access_token: token({ aal: 'aal2' }), user: { factors: [unverified, verified] } }, false],
  ])('%s → %s', (_name, session, expected) => {
    expect(needsSecondFactor(session)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { securityErrorMessages } from '@/config/security-copy';
import { securityErrorMessage } from '@/lib/security-errors';

describe('securityErrorMessage', () => {
  it.each([
    ['an auth code', { code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' }, securityErrorMessages.mfa_verification_failed],
    ['a workspace reason', { code: 'P0001', details: 'own_two_factor_first', message: 'x' }, securityErrorMessages.own_two_factor_first],
    ['an unknown code keeps its message', { code: 'something_new', message: 'Something new happened' }, 'Something new happened'],
    ['no message', { code: 'x' }, 'Please try again.'],
    ['not an object', 'boom', 'Please try again.'],
    ['a code named like an Object method', { code: 'toString', message: 'kept' }, 'kept'],
  ])('%s', (_name, error, expected) => {
    expect(securityErrorMessage(error)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { emailFailureDescription, isInvalidConfirmationLink } from './email-failure';

describe('emailFailureDescription', () => {
  it.each([
    [{ code: 'P0001', message: 'Choose at least one list.', details: 'missing_lists' }, 'Choose at least one list.'],
    [{ code: 'PT429', message: 'You sent many tests in the last hour: please wait a few minutes.' }, 'You sent many tests in the last hour: please wait a few minutes.'],
    [{ code: '42501', details: 'role_too_low' }, 'Your access role does not allow this: it needs member or higher.'],
    [{ code: '42501', details: 'not_a_member' }, 'You are not allowed to do this in this workspace.'],
    [{ code: '23505' }, 'That name is already used in this workspace.'],
    [new TypeError('Failed to fetch'), 'The server could not be reached. Check your connection and try again.'],
    [null, 'Something went wrong. Please try again.'],
  ])('%j → %s', (error, expected) => {
    expect(emailFailureDescription(error)).toBe(expected);
  });
});

describe('isInvalidConfirmationLink', () => {
  it.each([
    [{ code: 'P0001', message: 'This confirmation link is not valid or has expired…', details: 'invalid_token' }, true],
    [{ code: 'P0001', details: 'sending_unavailable' }, false],
    [{ code: '500', message: 'Internal server error' }, false],
    [new TypeError('Failed to fetch'), false],
    [null, false],
  ])('%j → %s', (error, expected) => {
    expect(isInvalidConfirmationLink(error)).toBe(expected);
  });
});

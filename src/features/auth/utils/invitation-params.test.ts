import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { invitationParams } from './invitation-params';

describe('invitationParams', () => {
  it('reads the invitation token and address of the links the invitation page makes', () => {
    const url = new URL(paths.inviteSignIn('abc_DEF-123', 'ivy@example.com'), 'http://x');
    expect(invitationParams(url.searchParams)).toEqual({ returnTo: '/invite/abc_DEF-123', email: 'ivy@example.com' });
  });

  it.each([
    ['?invite=https://evil.example', null],
    ['?invite=//evil.example', null],
    ['?invite=a%2F..%2Fadmin', null],
    ['?invite=', null],
    ['', null],
  ])('returns nowhere but an invitation: %s', (search, returnTo) => {
    expect(invitationParams(new URLSearchParams(search)).returnTo).toBe(returnTo);
  });

  it('ignores an empty or absurdly long address', () => {
    expect(invitationParams(new URLSearchParams('?email=%20')).email).toBeNull();
    expect(invitationParams(new URLSearchParams(`?email=${'a'.repeat(300)}`)).email).toBeNull();
  });
});

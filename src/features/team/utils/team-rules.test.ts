import { describe, expect, it } from 'vitest';
import { canRemove, inviteRoleChoices, isExpired, isLastOwner, roleChoices } from './team-rules';

describe('roleChoices (the database decides; the screen offers no more than it allows)', () => {
  it.each([
    ['owner', 'member', false, ['viewer', 'member', 'admin', 'owner']],
    ['owner', 'owner', false, ['viewer', 'member', 'admin', 'owner']],
    ['owner', 'owner', true, ['viewer', 'member', 'admin', 'owner']],
    ['admin', 'member', false, ['viewer', 'member', 'admin']],
    ['admin', 'owner', false, []],
    ['admin', 'admin', true, ['viewer', 'member', 'admin']],
    ['member', 'viewer', false, []],
    ['member', 'member', true, []],
    ['viewer', 'viewer', true, []],
  ] as const)('%s changing a %s (self: %s) → %j', (caller, target, isSelf, expected) => {
    expect(roleChoices(caller, target, isSelf)).toEqual(expected);
  });
});

describe('canRemove', () => {
  it.each([
    ['owner', 'owner', false, true],
    ['owner', 'viewer', false, true],
    ['owner', 'owner', true, false],
    ['admin', 'member', false, true],
    ['admin', 'admin', false, true],
    ['admin', 'owner', false, false],
    ['member', 'viewer', false, false],
    ['viewer', 'viewer', false, false],
  ] as const)('%s removing a %s (self: %s) → %s', (caller, target, isSelf, expected) => {
    expect(canRemove(caller, target, isSelf)).toBe(expected);
  });
});

describe('inviteRoleChoices', () => {
  it('offers roles up to the inviter’s own', () => {
    expect(inviteRoleChoices('admin')).toEqual(['viewer', 'member', 'admin']);
    expect(inviteRoleChoices('owner')).toEqual(['viewer', 'member', 'admin', 'owner']);
  });
});

describe('isLastOwner', () => {
  const members = [
    { userId: 'a', accessRole: 'owner' as const },
    { userId: 'b', accessRole: 'admin' as const },
  ];
  it('is true only for the single owner', () => {
    expect(isLastOwner(members, 'a')).toBe(true);
    expect(isLastOwner(members, 'b')).toBe(false);
    expect(isLastOwner([...members, { userId: 'c', accessRole: 'owner' }], 'a')).toBe(false);
  });
});

describe('isExpired', () => {
  it('compares the expiry with now', () => {
    const now = new Date('2026-06-10T12:00:00Z');
    expect(isExpired('2026-06-10T11:59:59Z', now)).toBe(true);
    expect(isExpired('2026-06-17T12:00:00Z', now)).toBe(false);
  });
});

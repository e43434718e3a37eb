import { describe, expect, it } from 'vitest';
import { chooseWorkspace, toWorkspaces, workspaceErrorMessage, workspaceErrorReason, type Workspace } from './workspace-choice';

const organizations = [
  { id: 'o1', name: 'Zeta', is_personal: true },
  { id: 'o2', name: 'Alpha', is_personal: false, require_two_factor: true, time_zone: 'Europe/Berlin' },
  { id: 'o3', name: 'Gone', is_personal: false },
];

describe('toWorkspaces', () => {
  it('joins memberships to organizations, by name, leaving out unreadable ones and unknown roles', () => {
    const workspaces = toWorkspaces(
      [
        { organization_id: 'o1', role: 'owner', created_at: '2026-01-01' },
        { organization_id: 'o2', role: 'viewer', created_at: '2026-02-01' },
        { organization_id: 'o4', role: 'member', created_at: '2026-03-01' },
        { organization_id: 'o3', role: 'superuser', created_at: '2026-03-01' },
      ],
      organizations,
    );
    expect(workspaces).toEqual([
      { id: 'o2', name: 'Alpha', isPersonal: false, accessRole: 'viewer', joinedAt: '2026-02-01', requiresTwoFactor: true, timeZone: 'Europe/Berlin' },
      { id: 'o1', name: 'Zeta', isPersonal: true, accessRole: 'owner', joinedAt: '2026-01-01', requiresTwoFactor: false, timeZone: 'UTC' },
    ]);
  });
});

describe('chooseWorkspace', () => {
  const list: Workspace[] = [
    { id: 'a', name: 'A', isPersonal: false, accessRole: 'member', joinedAt: '2026-03-01', requiresTwoFactor: false, timeZone: 'UTC' },
    { id: 'b', name: 'B', isPersonal: true, accessRole: 'owner', joinedAt: '2026-01-01', requiresTwoFactor: true, timeZone: 'UTC' },
    { id: 'c', name: 'C', isPersonal: false, accessRole: 'viewer', joinedAt: '2026-02-01', requiresTwoFactor: false, timeZone: 'UTC' },
  ];
  it.each([
    ['the remembered one while listed', 'c', 'c'],
    ['the earliest joined (sign-up) one when the remembered one is gone (removed, deleted)', 'x', 'b'],
    ['the earliest joined without a remembered one', null, 'b'],
  ])('%s', (_case, remembered, expected) => {
    expect(chooseWorkspace(list, remembered)?.id).toBe(expected);
  });

  it('is null without workspaces', () => {
    expect(chooseWorkspace([], 'a')).toBeNull();
  });
});

describe('workspace errors', () => {
  it('reads the reason from details and says it in words', () => {
    const error = { message: 'A workspace needs at least one owner: …', details: 'last_owner', code: 'P0001' };
    expect(workspaceErrorReason(error)).toBe('last_owner');
    expect(workspaceErrorMessage(error)).toMatch(/^A workspace needs at least one owner/);
  });

  it.each([[{ message: 'x', details: 'something_new' }], [{ message: 'x', details: null }], [new Error('network')], [null]])(
    'falls back to "Please try again." for %j',
    (error) => {
      expect(workspaceErrorMessage(error)).toBe('Please try again.');
    },
  );
});

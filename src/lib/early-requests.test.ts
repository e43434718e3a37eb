import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropEarlyRequests, earlyRowsOr, takeEarlyRequest, takeEarlyWorkspaceReads, type EarlyRequests } from '@/lib/early-requests';

afterEach(() => {
  delete window.__earlyRequests;
});

describe('takeEarlyRequest', () => {
  it("gives the response made for this user, once: a later read asks the server", async () => {
    const store: EarlyRequests = { userId: 'u1', profile: Promise.resolve([{ user_id: 'u1' }]) };
    await expect(takeEarlyRequest(store, 'profile', 'u1')).resolves.toEqual([{ user_id: 'u1' }]);
    expect(takeEarlyRequest(store, 'profile', 'u1')).toBeUndefined();
  });

  it("never gives another user's response (a previous user's session, a switch of account)", () => {
    const store: EarlyRequests = { userId: 'u1', memberships: Promise.resolve([{ organization_id: 'w-of-u1' }]) };
    expect(takeEarlyRequest(store, 'memberships', 'u2')).toBeUndefined();
    // Not used up by the refusal, and still only for its own user.
    expect(takeEarlyRequest(store, 'memberships', 'u1')).toBeDefined();
  });

  it('gives nothing without early requests, or for a read that was not started', () => {
    expect(takeEarlyRequest(undefined, 'profile', 'u1')).toBeUndefined();
    expect(takeEarlyRequest({ userId: 'u1' }, 'organizations', 'u1')).toBeUndefined();
  });
});

describe('earlyRowsOr', () => {
  it("takes the page's early rows instead of reading again", async () => {
    window.__earlyRequests = { userId: 'u1', organizations: Promise.resolve([{ id: 'w1' }]) };
    const read = vi.fn(async () => ['read']);
    await expect(earlyRowsOr('organizations', 'u1', read, (rows) => rows.map((row) => (row as { id: string }).id))).resolves.toEqual(['w1']);
    expect(read).not.toHaveBeenCalled();
    await expect(earlyRowsOr('organizations', 'u1', read, () => ['early'])).resolves.toEqual(['read']);
  });

  it('reads again when the early request failed (an expired or revoked token) or answered something else', async () => {
    const failed = Promise.reject(new Error('401'));
    failed.catch(() => {});
    window.__earlyRequests = { userId: 'u1', profile: failed, memberships: Promise.resolve({ message: 'JWT expired' }) };
    const read = vi.fn(async () => 'read');
    await expect(earlyRowsOr('profile', 'u1', read, () => 'early')).resolves.toBe('read');
    await expect(earlyRowsOr('memberships', 'u1', read, () => 'early')).resolves.toBe('read');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("reads for the signed-in user, not the early requests' user", async () => {
    window.__earlyRequests = { userId: 'u1', memberships: Promise.resolve([{ organization_id: 'w-of-u1' }]) };
    await expect(earlyRowsOr('memberships', 'u2', async () => 'read for u2', () => 'u1 rows')).resolves.toBe('read for u2');
  });
});

describe('dropEarlyRequests', () => {
  it('leaves nothing for whoever signs in next, even the same user', async () => {
    window.__earlyRequests = { userId: 'u1', profile: Promise.resolve([{ user_id: 'u1' }]) };
    dropEarlyRequests();
    await expect(earlyRowsOr('profile', 'u1', async () => 'read', () => 'early')).resolves.toBe('read');
  });
});

describe('takeEarlyWorkspaceReads', () => {
  const reads = () => ({ workspaceId: 'w1', counts: Promise.resolve([]), recent: Promise.resolve([]) });

  it("gives the page's reads made for this user and this workspace, once", () => {
    const store: EarlyRequests = { userId: 'u1', emailOverview: reads() };
    expect(takeEarlyWorkspaceReads(store, 'emailOverview', 'u1', 'w1')?.workspaceId).toBe('w1');
    expect(takeEarlyWorkspaceReads(store, 'emailOverview', 'u1', 'w1')).toBeUndefined();
  });

  it("never gives another workspace's or another user's reads", () => {
    expect(takeEarlyWorkspaceReads({ userId: 'u1', emailOverview: reads() }, 'emailOverview', 'u1', 'w2')).toBeUndefined();
    expect(takeEarlyWorkspaceReads({ userId: 'u1', emailOverview: reads() }, 'emailOverview', 'u2', 'w1')).toBeUndefined();
    expect(takeEarlyWorkspaceReads(undefined, 'emailOverview', 'u1', 'w1')).toBeUndefined();
  });

  it("drops them at the page's first read whatever its workspace: back on the frame's workspace, the page-load figures are not given", () => {
    const store: EarlyRequests = { userId: 'u1', emailOverview: reads() };
    // The member switched workspace before the page's first read, then switched back.
    expect(takeEarlyWorkspaceReads(store, 'emailOverview', 'u1', 'w2')).toBeUndefined();
    expect(takeEarlyWorkspaceReads(store, 'emailOverview', 'u1', 'w1')).toBeUndefined();
    expect(store.emailOverview).toBeUndefined();
  });
});

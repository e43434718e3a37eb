import { describe, expect, it } from 'vitest';
import { accountToReconnectFromLink, reconnectLink } from '@/features/social/utils/reconnect-link';

const broken = [{ id: 'a1' }, { id: 'a2' }];

describe('reconnectLink', () => {
  it('names the account in the Social Hub’s URL', () => {
    expect(reconnectLink('/marketing/social', 'a1')).toBe('/marketing/social?reconnect=a1');
  });
});

describe('accountToReconnectFromLink', () => {
  it('the named account when it needs reconnecting and the member may act', () => {
    expect(accountToReconnectFromLink('a2', broken, true)).toEqual({ id: 'a2' });
  });
  it('nothing for a viewer', () => {
    expect(accountToReconnectFromLink('a2', broken, false)).toBeNull();
  });
  it('nothing for an account already fixed or not in the workspace, or no parameter', () => {
    expect(accountToReconnectFromLink('other', broken, true)).toBeNull();
    expect(accountToReconnectFromLink(null, broken, true)).toBeNull();
  });
});

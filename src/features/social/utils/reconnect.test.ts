import { describe, expect, it } from 'vitest';
import { accountsToReconnect, channelNeedsReconnect, reconnectBannerTitle } from './reconnect';

const account = (id: string, status: string, network = 'bluesky') => ({ id, network, status });

describe('accountsToReconnect', () => {
  it('keeps the refused and never-connected accounts, in order', () => {
    expect(accountsToReconnect([account('a', 'connected'), account('b', 'reconnect'), account('c', 'failed', 'mastodon'), account('d', 'connecting')]).map((a) => a.id)).toEqual(['b', 'c']);
  });

  it('never asks to reconnect a webhook channel (it has no credentials to renew)', () => {
    expect(accountsToReconnect([account('w', 'reconnect', 'webhook')])).toEqual([]);
  });

  it('gives none when all are fine', () => {
    expect(accountsToReconnect([account('a', 'connected')])).toEqual([]);
  });
});

describe('channelNeedsReconnect', () => {
  it('marks a queued channel (draft, awaiting approval, scheduled) of a broken account', () => {
    for (const status of ['draft', 'awaiting_approval', 'scheduled']) expect(channelNeedsReconnect(status, account('a', 'reconnect'))).toBe(true);
  });

  it('leaves a channel already out, failed, unconfirmed or being sent as it is', () => {
    for (const status of ['published', 'failed', 'unconfirmed', 'attempting']) expect(channelNeedsReconnect(status, account('a', 'reconnect'))).toBe(false);
  });

  it('leaves a channel of a working or unknown account', () => {
    expect(channelNeedsReconnect('scheduled', account('a', 'connected'))).toBe(false);
    expect(channelNeedsReconnect('scheduled', undefined)).toBe(false);
  });
});

describe('reconnectBannerTitle', () => {
  it('says nothing for none, the singular for one and the plural for several', () => {
    expect(reconnectBannerTitle(0)).toBeNull();
    expect(reconnectBannerTitle(1)).toBe('1 account needs reconnecting');
    expect(reconnectBannerTitle(3)).toBe('3 accounts need reconnecting');
  });
});

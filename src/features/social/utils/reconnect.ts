import { socialCopy } from '@/config/social-copy';
import { needsReconnect } from '@/features/social/utils/channel-display';

interface AccountLike {
  id: string;
  network: string;
  status: string;
}

/** Channel states still waiting to go out: a broken account holds them back until it is reconnected. */
const QUEUED = new Set(['draft', 'awaiting_approval', 'scheduled']);

/** The accounts that need reconnecting, in the list's order. */
export function accountsToReconnect<T extends AccountLike>(accounts: readonly T[]): T[] {
  return accounts.filter((account) => needsReconnect(account.network, account.status));
}

/** Whether a post's channel shows "Needs reconnecting": it is still queued and its account needs reconnecting. */
export function channelNeedsReconnect(channelStatus: string, account: AccountLike | undefined): boolean {
  return account !== undefined && QUEUED.has(channelStatus) && needsReconnect(account.network, account.status);
}

/** The banner's title: "1 account needs reconnecting", "3 accounts need reconnecting"; null when none does. */
export function reconnectBannerTitle(count: number): string | null {
  return count <= 0 ? null : socialCopy.reconnectBannerTitle(count);
}

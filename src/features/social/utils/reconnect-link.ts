/** The search parameter that opens the Social Hub's reconnect dialog for one account (the dashboard's links). */
export const RECONNECT_PARAM = 'reconnect';

/** '/marketing/social?reconnect=<account id>'. */
export function reconnectLink(socialPath: string, accountId: string): string {
  return `${socialPath}?${new URLSearchParams({ [RECONNECT_PARAM]: accountId }).toString()}`;
}

/**
 * Which account a link asks to reconnect: the one named in the URL, if the workspace has it, it needs reconnecting
 * and the member may act on it; else null (a viewer, an account already fixed or another workspace's id: nothing opens).
 */
export function accountToReconnectFromLink<T extends { id: string }>(requestedId: string | null, brokenAccounts: readonly T[], canWrite: boolean): T | null {
  if (!requestedId || !canWrite) return null;
  return brokenAccounts.find((account) => account.id === requestedId) ?? null;
}

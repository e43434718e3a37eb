import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useSocialAccounts, type SocialAccount } from '@/lib/social-accounts';
import { accountsToReconnect } from '@/features/social/utils/reconnect';
import { accountToReconnectFromLink, RECONNECT_PARAM } from '@/features/social/utils/reconnect-link';

interface ReconnectFromLinkProps {
  workspaceId: string;
  canWrite: boolean;
  onReconnect(account: SocialAccount): void;
}

/** Opens the reconnect dialog a dashboard link asks for (`?reconnect=<account id>`), once: the parameter is then removed. */
export function ReconnectFromLink({ workspaceId, canWrite, onReconnect }: ReconnectFromLinkProps) {
  const [params, setParams] = useSearchParams();
  const accounts = useSocialAccounts(workspaceId);
  const requested = params.get(RECONNECT_PARAM);
  useEffect(() => {
    if (!requested || !accounts.data) return;
    const account = accountToReconnectFromLink(requested, accountsToReconnect(accounts.data), canWrite);
    if (account) onReconnect(account);
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(RECONNECT_PARAM);
      return next;
    }, { replace: true });
  }, [requested, accounts.data, canWrite, onReconnect, setParams]);
  return null;
}

import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { socialCopy } from '@/config/social-copy';
import { useSocialAccounts, type SocialAccount } from '@/lib/social-accounts';
import { accountsToReconnect, reconnectBannerTitle } from '@/features/social/utils/reconnect';

interface ReconnectBannerProps {
  workspaceId: string;
  canWrite: boolean;
  onReconnect(account: SocialAccount): void;
}

/** "N accounts need reconnecting" at the top of the module, a Reconnect per account (none for a viewer); nothing when all work. */
export function ReconnectBanner({ workspaceId, canWrite, onReconnect }: ReconnectBannerProps) {
  const accounts = useSocialAccounts(workspaceId);
  const broken = accountsToReconnect(accounts.data ?? []);
  const title = reconnectBannerTitle(broken.length);
  if (!title) return null;
  return (
    <div role="alert" className="flex gap-3 rounded-md border border-destructive/50 bg-destructive/5 p-4">
      <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0 text-destructive" aria-hidden="true" />
      <div className="min-w-0 space-y-2">
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{socialCopy.reconnectBannerDescription}{canWrite ? null : ` ${socialCopy.reconnectBannerReadOnly}`}</p>
        <ul className="flex flex-wrap gap-2">
          {broken.map((account) => (
            <li key={account.id} className="min-w-0">
              {canWrite ? (
                <Button size="sm" className="h-auto min-h-8 whitespace-normal break-all" onClick={() => onReconnect(account)}>{socialCopy.reconnectFor(account.display_name)}</Button>
              ) : (
                <span className="break-all text-sm font-medium">{account.display_name}</span>
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

import { Plus, Share2 } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListStatus } from '@/components/module/list-status';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { socialCalendarCopy } from '@/config/social-calendar-copy';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { socialCopy } from '@/config/social-copy';
import { useDisconnectSocialAccount } from '@/features/social/api/disconnect-social-account';
import { useSocialAccounts, type SocialAccount } from '@/lib/social-accounts';
import { NETWORK_RULES, type SocialNetwork } from '@/features/social/network-rules';
import { needsReconnect, type AccountStatus } from '@/features/social/utils/channel-display';

/** The connect dialog (Radix Dialog, the network select) loads when opened, not with the page (issue 33). */
const AccountSlotsDialog = lazy(() => import('@/features/social/components/account-slots-dialog').then((module) => ({ default: module.AccountSlotsDialog })));
const ConnectAccountDialog = lazy(() => import('@/features/social/components/connect-account-dialog').then((module) => ({ default: module.ConnectAccountDialog })));

const STATUS_VARIANT = { connecting: 'yellow', connected: 'green', reconnect: 'red', failed: 'red' } as const;

/** The workspace's accounts: connect, "Reconnect" on a refused one, disconnect after a confirmation. */
export function AccountsCard({ workspaceId, canWrite, onReconnect }: { workspaceId: string; canWrite: boolean; onReconnect(account: SocialAccount): void }) {
  const titleId = useId();
  const accounts = useSocialAccounts(workspaceId);
  const disconnect = useDisconnectSocialAccount();
  const [connecting, setConnecting] = useState(false);
  const [removing, setRemoving] = useState<SocialAccount | null>(null);
  const [slotsOf, setSlotsOf] = useState<SocialAccount | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const add = canWrite ? (
    <Button ref={addButton} onClick={() => setConnecting(true)}>
      <Plus aria-hidden="true" />
      {socialCopy.connect}
    </Button>
  ) : null;

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4 space-y-0">
        <div className="space-y-1.5">
          <h2 id={titleId} className="text-xl font-semibold tracking-tight">{socialCopy.accountsTitle}</h2>
          <CardDescription>{socialCopy.accountsDescription}</CardDescription>
        </div>
        {accounts.data?.length ? add : null}
      </CardHeader>
      <CardContent>
        {accounts.isPending ? (
          <ListStatus kind="loading" title={socialCopy.accountsLoading} />
        ) : accounts.isError ? (
          <ListStatus kind="error" title={socialCopy.accountsFailed}>
            <Button variant="outline" onClick={() => void accounts.refetch()}>{socialCopy.retry}</Button>
          </ListStatus>
        ) : accounts.data.length === 0 ? (
          <ListStatus kind="empty" icon={Share2} title={socialCopy.accountsEmpty} description={socialCopy.accountsEmptyDescription}>{add}</ListStatus>
        ) : (
          <ul className="divide-y">
            {accounts.data.map((account) => (
              <li key={account.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <div className="min-w-0 space-y-1">
                  <p className="break-words font-medium">
                    {account.display_name} <span className="text-sm font-normal text-muted-foreground">· {NETWORK_RULES[account.network as SocialNetwork]?.label ?? account.network}</span>
                  </p>
                  <p className="break-all text-sm text-muted-foreground">{account.service_origin}</p>
                  {account.status_message ? <p className="break-words text-sm text-destructive">{account.status_message}</p> : null}
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant={STATUS_VARIANT[account.status as AccountStatus] ?? 'outline'}>{socialCopy.accountStatus[account.status as AccountStatus] ?? account.status}</Badge>
                  {canWrite && needsReconnect(account.network, account.status) ? <Button size="sm" aria-label={`${socialCopy.reconnect} ${account.display_name}`} onClick={() => onReconnect(account)}>{socialCopy.reconnect}</Button> : null}
                  <Button size="sm" variant="outline" aria-label={socialCalendarCopy.timeSlotsLabel(account.display_name)} onClick={() => setSlotsOf(account)}>{socialCalendarCopy.timeSlots}</Button>
                  {canWrite ? <Button size="sm" variant="outline" aria-label={`${socialCopy.disconnect} ${account.display_name}`} onClick={() => setRemoving(account)}>{socialCopy.disconnect}</Button> : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <Suspense fallback={null}>
        {slotsOf ? <AccountSlotsDialog workspaceId={workspaceId} account={slotsOf} canWrite={canWrite} onOpenChange={(open) => (open ? undefined : setSlotsOf(null))} /> : null}
        {connecting ? <ConnectAccountDialog workspaceId={workspaceId} open onOpenChange={setConnecting} /> : null}
      </Suspense>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={socialCopy.disconnectTitle(removing?.display_name ?? '')}
        description={socialCopy.disconnectDescription}
        confirmLabel={socialCopy.disconnect}
        pendingLabel={socialCopy.disconnecting}
        cancelLabel={socialCopy.cancel}
        isPending={disconnect.isPending}
        onConfirm={() => removing && disconnect.mutate(removing.id, { onSettled: () => setRemoving(null) })}
        focusAfterConfirm={addButton}
      />
    </Card>
  );
}

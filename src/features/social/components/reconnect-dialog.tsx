import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { socialCopy } from '@/config/social-copy';
import type { SocialAccount } from '@/lib/social-accounts';
import { useReconnectSocialAccount } from '@/features/social/api/reconnect-social-account';

/** A new app password or token for an account its network refused. */
export function ReconnectDialog({ account, onOpenChange }: { account: SocialAccount | null; onOpenChange(open: boolean): void }) {
  const reconnect = useReconnectSocialAccount();
  const [secret, setSecret] = useState('');
  const network = account?.network === 'mastodon' ? 'mastodon' : 'bluesky';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!account || reconnect.isPending) return;
    reconnect.mutate({ accountId: account.id, secret }, { onSuccess: () => onOpenChange(false) });
  }

  return (
    <Dialog open={account !== null} onOpenChange={(next) => (reconnect.isPending ? undefined : onOpenChange(next))}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{socialCopy.reconnectTitle(account?.display_name ?? '')}</DialogTitle>
          <DialogDescription>{account?.status_message ?? socialCopy.connectDescription}</DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <FormField label={socialCopy.secret[network]} hint={socialCopy.secretHint[network]} error={reconnect.error instanceof Error ? reconnect.error.message : undefined}>
            <Input type="password" value={secret} onChange={(event) => setSecret(event.target.value)} autoComplete="off" required />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={reconnect.isPending}>{socialCopy.cancel}</Button>
            <Button type="submit" disabled={reconnect.isPending}>{reconnect.isPending ? socialCopy.connecting : socialCopy.reconnect}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

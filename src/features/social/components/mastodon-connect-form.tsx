import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { socialCopy } from '@/config/social-copy';
import { useMastodonConnection } from '@/features/social/api/get-mastodon-connection';
import { useStartMastodonConnection } from '@/features/social/api/start-mastodon-connection';
import { mastodonConnectCopy as copy } from '@/features/social/components/mastodon-connect-copy';
import { MASTODON_WORKSPACE_KEY } from '@/features/social/utils/mastodon-callback';

interface MastodonConnectFormProps {
  workspaceId: string;
  onCancel(): void;
  onUseToken(): void;
  /** Where the browser goes to sign in on the instance (a test replaces it). */
  goTo?: (url: string) => void;
}

/**
 * The connect dialog's Mastodon part: the member names the instance; a job registers the app there and prepares the
 * authorize URL, and the browser goes to it. Loaded with the dialog's Mastodon choice, not with the page.
 */
export function MastodonConnectForm({ workspaceId, onCancel, onUseToken, goTo = (url) => window.location.assign(url) }: MastodonConnectFormProps) {
  const [instance, setInstance] = useState('');
  const start = useStartMastodonConnection();
  const connection = useMastodonConnection(start.data?.id ?? null);
  const authorizeUrl = connection.data?.status === 'authorizing' ? connection.data.authorize_url : null;

  useEffect(() => {
    if (authorizeUrl) goTo(authorizeUrl);
  }, [authorizeUrl, goTo]);

  const failed = connection.data?.status === 'failed' ? connection.data.message : null;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (start.isPending || (start.data && !failed)) return;
    sessionStorage.setItem(MASTODON_WORKSPACE_KEY, workspaceId);
    start.mutate({ workspaceId, instance });
  }

  const busy = start.isPending || (start.isSuccess && !failed);
  const error = start.error instanceof Error ? start.error.message : failed;
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <FormField label={copy.instance} hint={copy.instanceHint} error={error ?? undefined}>
        <Input value={instance} onChange={(event) => setInstance(event.target.value)} placeholder="mastodon.social" autoComplete="url" required />
      </FormField>
      {busy ? <p role="status" className="text-sm text-muted-foreground">{copy.preparing}</p> : null}
      <Button type="button" variant="link" className="h-auto p-0" onClick={onUseToken}>{copy.useToken}</Button>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>{socialCopy.cancel}</Button>
        <Button type="submit" disabled={busy}>{copy.continue}</Button>
      </DialogFooter>
    </form>
  );
}

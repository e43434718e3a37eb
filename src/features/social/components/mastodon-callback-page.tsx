import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useFinishMastodonConnection } from '@/features/social/api/finish-mastodon-connection';
import { useMastodonConnection } from '@/features/social/api/get-mastodon-connection';
import { mastodonConnectCopy as copy } from '@/features/social/components/mastodon-connect-copy';
import { MASTODON_WORKSPACE_KEY, mastodonCallbackView } from '@/features/social/utils/mastodon-callback';

/**
 * /marketing/social/connect/mastodon: where the Mastodon instance sends the member back with `code` and `state` (or
 * `error`). The state goes to finish_mastodon_connection once, with the workspace the member started in (kept in
 * session storage by the connect form); a job exchanges the code and the page follows it.
 */
export function MastodonCallbackPage() {
  const [workspaceId] = useState(() => sessionStorage.getItem(MASTODON_WORKSPACE_KEY));
  const [params] = useSearchParams();
  const finish = useFinishMastodonConnection();
  const sent = useRef(false);
  const connection = useMastodonConnection(finish.data?.id ?? null);

  useEffect(() => {
    const code = params.get('code');
    const state = params.get('state');
    if (sent.current || params.get('error') || !code || !state || !workspaceId) return;
    sent.current = true;
    finish.mutate({ workspaceId, state, code });
  }, [workspaceId, params, finish]);

  const view = mastodonCallbackView({
    params,
    workspaceId,
    finishError: finish.error instanceof Error ? finish.error.message : null,
    connection: connection.data ?? null,
  });
  return (
    <Card className="mx-auto my-8 w-full max-w-lg">
      <CardHeader>
        <h1 className="text-2xl font-semibold tracking-tight">{copy.title}</h1>
      </CardHeader>
      <CardContent className="space-y-4 break-words">
        {view.kind === 'working' ? <p role="status" aria-live="polite">{copy.working}</p> : null}
        {view.kind === 'connected' ? <p role="status">{copy.connected(connection.data?.account_name ?? 'The Mastodon account')}</p> : null}
        {view.kind === 'denied' ? (
          <div role="alert" className="space-y-1">
            <p>{copy.denied}</p>
            {view.reason ? <p className="text-sm text-muted-foreground">{copy.deniedBecause(view.reason)}</p> : null}
          </div>
        ) : null}
        {view.kind === 'incomplete' ? <p role="alert">{copy.incomplete}</p> : null}
        {view.kind === 'failed' ? (
          <div role="alert" className="space-y-1">
            <p className="font-medium text-destructive">{copy.failed}</p>
            <p className="text-sm">{view.message}</p>
          </div>
        ) : null}
        <Button asChild variant={view.kind === 'connected' ? 'default' : 'outline'}>
          <Link to={paths.marketing.social}>{copy.back}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

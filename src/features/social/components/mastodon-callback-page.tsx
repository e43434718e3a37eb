import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { workspaceCopy } from '@/config/team-copy';
import { useFinishMastodonConnection } from '@/features/social/api/finish-mastodon-connection';
import { useMastodonConnection } from '@/features/social/api/get-mastodon-connection';
import { useSocialAccounts } from '@/features/social/api/get-social-accounts';
import { mastodonConnectCopy as copy } from '@/features/social/components/mastodon-connect-copy';
import { mastodonCallbackView } from '@/features/social/utils/mastodon-callback';
import { useWorkspace } from '@/lib/workspace';

/**
 * /marketing/social/connect/mastodon: where the Mastodon instance sends the member back with `code` and `state` (or
 * `error`). The state goes to finish_mastodon_connection once; a job exchanges the code and the page follows it.
 */
export function MastodonCallbackPage() {
  const { current, isLoading } = useWorkspace();
  if (!current) return isLoading ? <ListStatus kind="loading" title={workspaceCopy.loading} /> : null;
  return <MastodonCallback key={current.id} workspaceId={current.id} />;
}

function MastodonCallback({ workspaceId }: { workspaceId: string }) {
  const [params] = useSearchParams();
  const finish = useFinishMastodonConnection();
  const sent = useRef(false);
  const connection = useMastodonConnection(finish.data?.id ?? null);
  const accounts = useSocialAccounts(workspaceId);

  useEffect(() => {
    const code = params.get('code');
    const state = params.get('state');
    if (sent.current || params.get('error') || !code || !state) return;
    sent.current = true;
    finish.mutate({ workspaceId, state, code });
  }, [workspaceId, params, finish]);

  const view = mastodonCallbackView({
    params,
    finishError: finish.error instanceof Error ? finish.error.message : null,
    connection: connection.data ?? null,
  });
  const account = accounts.data?.find((candidate) => candidate.id === connection.data?.account_id);
  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardHeader>
        <h2 className="text-xl font-semibold tracking-tight">{copy.title}</h2>
      </CardHeader>
      <CardContent className="space-y-4 break-words">
        {view.kind === 'working' ? <p role="status" aria-live="polite">{copy.working}</p> : null}
        {view.kind === 'connected' ? <p role="status">{copy.connected(account?.display_name ?? 'The Mastodon account')}</p> : null}
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

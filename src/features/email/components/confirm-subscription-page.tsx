import { Button } from '@/components/ui/button';
import { emailCopy } from '@/config/email-copy';
import { useEmailConfirmation } from '@/features/email/api/get-email-confirmation';
import { useConfirmSubscription } from '@/features/email/api/public-subscription';
import { confirmPageState } from '@/features/email/utils/confirm-page-state';
import { PublicEmailFrame } from './public-email-frame';

const copy = emailCopy.confirmPage;

/**
 * The double opt-in link (anyone, no account): shows the list the link is for and a "Confirm subscription" button;
 * only the button confirms (session 15: a mail scanner that opens the link and runs its scripts must not subscribe
 * anyone). A link the database refused says so; a request that failed otherwise (network, server) offers to try
 * again instead of sending them to subscribe anew.
 */
export function ConfirmSubscriptionPage({ token }: { token: string }) {
  const link = useEmailConfirmation(token);
  const confirmation = useConfirmSubscription(token);
  const state = confirmPageState(link, confirmation);
  return (
    <PublicEmailFrame title={copy.title}>
      {state.view === 'loading' ? (
        <p role="status">{copy.loading}</p>
      ) : state.view === 'invalid' ? (
        <p role="alert">{copy.failed}</p>
      ) : state.view === 'load-failed' ? (
        <>
          <p role="alert">{copy.loadFailed}</p>
          <Button variant="outline" onClick={() => void link.refetch()}>
            {emailCopy.retry}
          </Button>
        </>
      ) : state.view === 'ask' ? (
        <>
          <p>{copy.ask(state.names.list_name, state.names.workspace_name)}</p>
          {state.failed ? <p role="alert" className="text-sm font-medium text-destructive">{copy.unavailable}</p> : null}
          <Button className="w-full" disabled={state.confirming} onClick={() => confirmation.mutate()}>
            {state.confirming ? copy.confirming : copy.confirm}
          </Button>
        </>
      ) : (
        <p role="status" className="font-medium">
          {state.view === 'confirmed' ? copy.confirmed(state.names.list_name, state.names.workspace_name) : copy.already(state.names.list_name)}
        </p>
      )}
    </PublicEmailFrame>
  );
}

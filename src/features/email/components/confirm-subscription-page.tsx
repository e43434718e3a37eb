import { Button } from '@/components/ui/button';
import { emailCopy } from '@/config/email-copy';
import { useConfirmSubscription } from '@/features/email/api/public-subscription';
import { isInvalidConfirmationLink } from '@/features/email/utils/email-failure';
import { PublicEmailFrame } from './public-email-frame';

const copy = emailCopy.confirmPage;

/**
 * The double opt-in link: confirms the subscription once and says so (anyone, no account). A link the database refused
 * says so; a request that failed otherwise (network, server) offers to try again instead of sending them to subscribe anew.
 */
export function ConfirmSubscriptionPage({ token }: { token: string }) {
  const confirmation = useConfirmSubscription(token);
  return (
    <PublicEmailFrame title={copy.title}>
      {confirmation.isPending ? (
        <p role="status">{copy.confirming}</p>
      ) : confirmation.isError && isInvalidConfirmationLink(confirmation.error) ? (
        <p role="alert">{copy.failed}</p>
      ) : confirmation.isError ? (
        <>
          <p role="alert">{copy.unavailable}</p>
          <Button variant="outline" onClick={() => void confirmation.refetch()}>
            {emailCopy.retry}
          </Button>
        </>
      ) : (
        <p role="status" className="font-medium">
          {confirmation.data.status === 'confirmed' ? copy.confirmed(confirmation.data.list_name, confirmation.data.workspace_name) : copy.already(confirmation.data.list_name)}
        </p>
      )}
    </PublicEmailFrame>
  );
}

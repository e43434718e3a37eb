import { emailCopy } from '@/config/email-copy';
import { useConfirmSubscription } from '@/features/email/api/public-subscription';
import { PublicEmailFrame } from './public-email-frame';

const copy = emailCopy.confirmPage;

/** The double opt-in link: confirms the subscription once and says so (anyone, no account). */
export function ConfirmSubscriptionPage({ token }: { token: string }) {
  const confirmation = useConfirmSubscription(token);
  return (
    <PublicEmailFrame title={copy.title}>
      {confirmation.isPending ? (
        <p role="status">{copy.confirming}</p>
      ) : confirmation.isError ? (
        <p role="alert">{copy.failed}</p>
      ) : (
        <p role="status" className="font-medium">
          {confirmation.data.status === 'confirmed' ? copy.confirmed(confirmation.data.list_name, confirmation.data.workspace_name) : copy.already(confirmation.data.list_name)}
        </p>
      )}
    </PublicEmailFrame>
  );
}

import { useParams } from 'react-router';
import { ConfirmSubscriptionPage } from '@/features/email/components/confirm-subscription-page';

/** /email/confirm/<token>: the double opt-in confirmation link. */
export function EmailConfirmRoute() {
  const { token = '' } = useParams();
  return <ConfirmSubscriptionPage key={token} token={token} />;
}

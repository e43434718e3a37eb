import { useParams } from 'react-router';
import { SubscribePage } from '@/features/email/components/subscribe-page';

/** /email/subscribe/<form token>: a list's hosted subscribe page. */
export function EmailSubscribeRoute() {
  const { formToken = '' } = useParams();
  return <SubscribePage key={formToken} formToken={formToken} />;
}

import { useParams } from 'react-router';
import { InvitationPage } from '@/features/team/components/invitation-page';

/** /invite/<token>: signed in or not (the account layout provides the session). */
export function InviteRoute() {
  const { token = '' } = useParams();
  return <InvitationPage key={token} token={token} />;
}

import { useSearchParams } from 'react-router';
import { AuthScreen } from '@/features/auth/components/auth-screen';
import { invitationParams } from '@/features/auth/utils/invitation-params';

/** `/auth`, or `/auth?invite=<token>&email=<address>` from an invitation. */
export function AuthRoute() {
  const [searchParams] = useSearchParams();
  const invitation = invitationParams(searchParams);
  return <AuthScreen initialTab="signin" returnTo={invitation.returnTo} initialEmail={invitation.email} />;
}

import { useSearchParams } from 'react-router';
import { AuthScreen } from '@/features/auth/components/auth-screen';
import { invitationParams } from '@/features/auth/utils/invitation-params';

/** The pricing buttons link here as `/sign-up?plan=<starter|professional>`; invitations as `?invite=…&email=…`. */
export function SignUpRoute() {
  const [searchParams] = useSearchParams();
  const invitation = invitationParams(searchParams);
  return <AuthScreen initialTab="signup" planSlug={searchParams.get('plan')} returnTo={invitation.returnTo} initialEmail={invitation.email} />;
}

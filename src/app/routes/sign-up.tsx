import { useSearchParams } from 'react-router';
import { AuthScreen } from '@/features/auth/components/auth-screen';

/** The pricing buttons link here as `/sign-up?plan=<starter|professional>`. */
export function SignUpRoute() {
  const [searchParams] = useSearchParams();
  return <AuthScreen initialTab="signup" planSlug={searchParams.get('plan')} />;
}

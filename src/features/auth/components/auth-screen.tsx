import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { BrandLogo } from '@/components/brand-logo';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { authCopy } from '@/config/account-copy';
import { REDIRECT_DELAY_MS } from '@/config/messages';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { SecondFactorStep } from '@/features/auth/components/second-factor-step';
import { SelectedPlanNotice } from '@/features/auth/components/selected-plan-notice';
import { SignInPanel } from '@/features/auth/components/sign-in-panel';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { selectedPlan } from '@/features/auth/utils/selected-plan';
import { needsSecondFactor } from '@/lib/assurance-level';
import { PageStatus, useAuth } from '@/lib/auth';
import { authLinkError } from '@/lib/auth-callback';
import { FormError } from '@/features/auth/components/form-error';

export type AuthTab = 'signin' | 'signup';

interface AuthScreenProps {
  initialTab?: AuthTab;
  /** The `plan` parameter of /sign-up. */
  planSlug?: string | null;
  /** Where to go once signed in (an invitation page), instead of /dashboard. */
  returnTo?: string | null;
  /** The invited address, prefilled in both forms. */
  initialEmail?: string | null;
}

/**
 * /auth and /sign-up: the Welcome card with its sign-in and sign-up tabs (spec §2). Sign-in takes a password or a
 * link sent by e-mail; an account with two-factor authentication then enters its app's code before it goes on.
 */
export function AuthScreen({ initialTab = 'signin', planSlug, returnTo = null, initialEmail = null }: AuthScreenProps) {
  const { user, session, loading, signOut, isSigningOut } = useAuth();
  const mustVerify = needsSecondFactor(session);
  const navigate = useNavigate();
  const [tab, setTab] = useState<AuthTab>(initialTab);
  // While a form talks to the server, or waits before leaving, the form (not the guard) decides where to go.
  const [isBusy, setBusy] = useState(false);
  const [isLeaving, setLeaving] = useState(false);
  const plan = selectedPlan(planSlug);
  // An e-mail link that could not be used comes back with its reason in the hash.
  const [linkError] = useState(() => authLinkError(window.location.hash));

  useEffect(() => {
    if (!isLeaving || mustVerify) return;
    const timer = setTimeout(() => void navigate(returnTo ?? paths.dashboard, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isLeaving, mustVerify, navigate, returnTo]);

  if (loading) return <PageStatus>{authCopy.loading}</PageStatus>;
  if (user && !isBusy && !isLeaving && !mustVerify) return <Navigate to={returnTo ?? paths.dashboard} replace />;

  const handleSignedIn = () => {
    setLeaving(true);
    setBusy(false);
  };

  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-muted/40 px-4 py-10">
      <title>{`${authCopy.title} | ${site.name}`}</title>
      <div className="w-full max-w-md space-y-4">
        <Link to={paths.home} className="mx-auto flex w-fit rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <BrandLogo />
        </Link>
        <Link to={paths.home} className="inline-flex items-center gap-2 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {authCopy.backHome}
        </Link>
        <Card>
          <CardHeader className="text-center">
            <h1 className="text-2xl font-semibold tracking-tight">{authCopy.title}</h1>
            <CardDescription>{authCopy.description}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            {user && mustVerify ? (
              <SecondFactorStep onVerified={handleSignedIn} onSignOut={() => void signOut()} isSigningOut={isSigningOut} />
            ) : (
              <>
                <FormError message={linkError} />
                {returnTo ? <p className="rounded-md border bg-muted/50 p-3 text-sm">{authCopy.invitationNotice}</p> : null}
                <Tabs value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
                  <TabsList className="grid w-full grid-cols-2">
                    <TabsTrigger value="signin">{authCopy.signInTab}</TabsTrigger>
                    <TabsTrigger value="signup">{authCopy.signUpTab}</TabsTrigger>
                  </TabsList>
                  {/* Both panels stay mounted: switching tabs keeps what was typed. */}
                  <TabsContent value="signin" forceMount hidden={tab !== 'signin'} className="pt-4">
                    <SignInPanel initialEmail={initialEmail} onBusyChange={setBusy} onSignedIn={handleSignedIn} />
                  </TabsContent>
                  <TabsContent value="signup" forceMount hidden={tab !== 'signup'} className="pt-4">
                    {plan ? <SelectedPlanNotice plan={plan} /> : null}
                    <SignUpForm onBusyChange={setBusy} onSignedIn={handleSignedIn} initialEmail={initialEmail} returnTo={returnTo} />
                  </TabsContent>
                </Tabs>
              </>
            )}
          </CardContent>
          <CardFooter className="justify-center">
            <p className="text-center text-xs text-muted-foreground">
              {authCopy.terms.before}
              <Link to={paths.terms} className="underline underline-offset-2 hover:text-foreground">
                {authCopy.terms.termsOfService}
              </Link>
              {authCopy.terms.between}
              <Link to={paths.privacy} className="underline underline-offset-2 hover:text-foreground">
                {authCopy.terms.privacyPolicy}
              </Link>
              {authCopy.terms.after}
            </p>
          </CardFooter>
        </Card>
      </div>
    </main>
  );
}

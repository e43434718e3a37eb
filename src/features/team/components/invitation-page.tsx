import { ArrowLeft, MailWarning, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { accessRoleLabel } from '@/config/access-roles';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { inviteCopy } from '@/config/team-copy';
import { useAcceptInvitation } from '@/features/team/api/accept-invitation';
import { useInvitationPreview, type InvitationPreview } from '@/features/team/api/get-invitation';
import { PageStatus, useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-muted/40 px-4 py-10">
      <title>{`${inviteCopy.pageTitle} | ${site.name}`}</title>
      <div className="w-full max-w-md space-y-4">
        <Link to={paths.home} className="inline-flex items-center gap-2 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {inviteCopy.backHome}
        </Link>
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-semibold tracking-tight break-words">{title}</h1>
          </CardHeader>
          <CardContent className="space-y-4 break-words">{children}</CardContent>
        </Card>
      </div>
    </main>
  );
}

const closed: Record<Exclude<InvitationPreview['status'], 'pending'>, (preview: InvitationPreview) => { title: string; text: string }> = {
  expired: (preview) => ({ title: inviteCopy.expiredTitle, text: inviteCopy.expired(preview.inviterName, preview.workspaceName) }),
  accepted: () => ({ title: inviteCopy.usedTitle, text: inviteCopy.used }),
  revoked: () => ({ title: inviteCopy.revokedTitle, text: inviteCopy.revoked }),
  invalid: () => ({ title: inviteCopy.invalidTitle, text: inviteCopy.invalid }),
};

/**
 * /invite/<token>: who invites to which workspace, then sign in or sign up (address prefilled), accept, or the
 * reason it cannot be accepted (another address, expired, used, revoked, unknown). Accepting opens the dashboard
 * inside the new workspace.
 */
export function InvitationPage({ token }: { token: string }) {
  const { user, loading, signOut, isSigningOut } = useAuth();
  const navigate = useNavigate();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation(token);

  if (loading || preview.isPending) return <PageStatus>{inviteCopy.loading}</PageStatus>;
  if (preview.isError) {
    return (
      <Frame title={inviteCopy.pageTitle}>
        <p role="alert">{inviteCopy.loadFailed}</p>
        <Button variant="outline" onClick={() => void preview.refetch()} disabled={preview.isFetching}>
          {inviteCopy.retry}
        </Button>
      </Frame>
    );
  }

  const invitation = preview.data;
  const next = user ? (
    <Link to={paths.dashboard} className={buttonVariants({ variant: 'outline' })}>
      {inviteCopy.goToDashboard}
    </Link>
  ) : null;
  if (invitation.status !== 'pending') {
    const message = closed[invitation.status](invitation);
    return (
      <Frame title={message.title}>
        <p className="text-muted-foreground">{message.text}</p>
        {next}
      </Frame>
    );
  }

  const workspace = invitation.workspaceName ?? '';
  const invited = invitation.email ?? '';
  const intro = <p>{inviteCopy.invitedBy(invitation.inviterName, workspace, accessRoleLabel(invitation.accessRole).toLowerCase())}</p>;
  if (!user) {
    return (
      <Frame title={inviteCopy.heading(workspace)}>
        {intro}
        <p className="text-sm text-muted-foreground">
          {inviteCopy.forEmail(invited)} {inviteCopy.signInToAccept}
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link to={paths.inviteSignIn(token, invited)} className={cn(buttonVariants(), 'flex-1')}>
            {inviteCopy.signIn}
          </Link>
          <Link to={paths.inviteSignUp(token, invited)} className={cn(buttonVariants({ variant: 'outline' }), 'flex-1')}>
            {inviteCopy.signUp}
          </Link>
        </div>
      </Frame>
    );
  }

  if ((user.email ?? '').toLowerCase() !== invited.toLowerCase()) {
    return (
      <Frame title={inviteCopy.otherEmailTitle}>
        <p role="alert" className="flex gap-2">
          <MailWarning className="mt-0.5 h-5 w-5 shrink-0 text-yellow-600" aria-hidden="true" />
          {inviteCopy.otherEmail(user.email ?? '', invited)}
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" onClick={() => void signOut()} disabled={isSigningOut}>
            {inviteCopy.signOut}
          </Button>
          {next}
        </div>
      </Frame>
    );
  }

  return (
    <Frame title={inviteCopy.heading(workspace)}>
      {intro}
      <p className="text-sm text-muted-foreground">{inviteCopy.forEmail(invited)}</p>
      <Button
        className="w-full"
        disabled={accept.isPending}
        aria-busy={accept.isPending || undefined}
        onClick={() => accept.mutate({ workspaceName: workspace }, { onSuccess: () => void navigate(paths.dashboard, { replace: true }) })}
      >
        <UserPlus aria-hidden="true" />
        {accept.isPending ? inviteCopy.accepting : inviteCopy.accept}
      </Button>
    </Frame>
  );
}

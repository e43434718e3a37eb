import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { workspaceTwoFactorCopy } from '@/config/security-copy';
import { useWorkspace } from '@/lib/workspace';
import { cn } from '@/lib/utils';

/**
 * Under the signed-in header: which of the user's workspaces require two-factor authentication this session has not
 * given, and the way to turn it on. The database refuses their data meanwhile; this only says why.
 */
export function TwoFactorRequiredNotice() {
  const { lockedWorkspaces } = useWorkspace();
  if (lockedWorkspaces.length === 0) return null;
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-50 text-amber-950">
      <div className="container mx-auto flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex gap-3">
          <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-medium">{workspaceTwoFactorCopy.noticeTitle}</p>
            <p className="text-sm">{workspaceTwoFactorCopy.notice(lockedWorkspaces.map((workspace) => workspace.name))}</p>
          </div>
        </div>
        <Link to={paths.accountSecurity} className={cn(buttonVariants({ variant: 'default', size: 'sm' }), 'shrink-0')}>
          {workspaceTwoFactorCopy.noticeAction}
        </Link>
      </div>
    </div>
  );
}

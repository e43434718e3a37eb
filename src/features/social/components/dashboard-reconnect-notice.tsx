import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAccountsToReconnect } from '@/features/social/api/get-accounts-to-reconnect';
import { reconnectLink } from '@/features/social/utils/reconnect-link';

/** The notice's words, beside it: the dashboard's first load carries these few and not the Social Hub's copy. */
const noticeCopy = {
  title: (count: number) => (count === 1 ? '1 social account needs reconnecting' : `${count} social accounts need reconnecting`),
  description: 'The network refused their password or token: their queued posts are not sent until someone reconnects them.',
  readOnly: 'Ask a member, admin or owner of the workspace to reconnect them.',
  reconnect: (name: string) => `Reconnect ${name}`,
};

/**
 * The dashboard's notice of the current workspace's broken social accounts (issue 30 point 1): a Reconnect link per
 * account into the Social Hub's reconnect dialog for members, admins and owners; a viewer sees the notice (their
 * team's posts are held) and whom to ask, without links — they could not reconnect. Nothing when every account works.
 */
export function DashboardReconnectNotice({ workspaceId, canWrite }: { workspaceId: string; canWrite: boolean }) {
  const accounts = useAccountsToReconnect(workspaceId).data ?? [];
  if (accounts.length === 0) return null;
  return (
    <section role="alert" className="flex gap-3 rounded-md border border-destructive/50 bg-destructive/5 p-4">
      <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0 text-destructive" aria-hidden="true" />
      <div className="min-w-0 space-y-2">
        <p className="font-semibold">{noticeCopy.title(accounts.length)}</p>
        <p className="text-sm">{noticeCopy.description}{canWrite ? null : ` ${noticeCopy.readOnly}`}</p>
        <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
          {accounts.map((account) => (
            <li key={account.id} className="min-w-0 break-all font-medium">
              {canWrite ? (
                <Link to={reconnectLink(paths.marketing.social, account.id)} className="text-blue-700 underline underline-offset-2">{noticeCopy.reconnect(account.display_name)}</Link>
              ) : (
                account.display_name
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

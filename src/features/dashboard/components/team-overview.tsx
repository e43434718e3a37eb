import { Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent } from '@/components/ui/card';
import { teamOverviewCopy as copy } from '@/config/account-copy';
import { paths } from '@/config/paths';
import { roleLabel } from '@/config/roles';
import { usePlatformOverview } from '@/features/dashboard/api/get-overviews';
import { teamFigures } from '@/features/dashboard/utils/team-figures';
import { lastActiveText, memberName } from '@/lib/member-display';
import { localDay } from '@/lib/periods';
import { useWorkspace } from '@/lib/workspace';
import { useWorkspaceMembers } from '@/lib/workspace-members';

const SHOWN = 8;

/**
 * The Executive Overview's real team: size, active users (the dashboard's figure, from the same platform_overview answer),
 * roles covered, and the people.
 */
export function TeamOverview() {
  const { current } = useWorkspace();
  const members = useWorkspaceMembers();
  const [today] = useState(localDay);
  const overview = usePlatformOverview(today);

  let body;
  if (!current || members.isPending) body = <ListStatus kind="loading" title={copy.loading} />;
  else if (members.isError) {
    body = (
      <ListStatus kind="error" title={copy.failed}>
        <Button variant="outline" onClick={() => void members.refetch()}>
          {copy.retry}
        </Button>
      </ListStatus>
    );
  } else {
    const now = new Date();
    const figures = teamFigures(members.data);
    const activeUsers = overview.data ? overview.data.figures.active_users.toLocaleString('en-US') : '–';
    body = (
      <div className="grid gap-6 lg:grid-cols-3">
        <dl className="grid grid-cols-3 gap-3 lg:col-span-1 lg:grid-cols-1">
          {[
            [copy.size, String(figures.size)],
            [copy.active, activeUsers],
            [copy.roles, copy.rolesValue(figures.rolesCovered, figures.rolesTotal)],
          ].map(([label, value]) => (
            <div key={label} className="rounded-md border p-3">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-2xl font-bold">{value}</dd>
            </div>
          ))}
        </dl>
        <ul className="divide-y lg:col-span-2" aria-label={copy.membersLabel}>
          {members.data.slice(0, SHOWN).map((member) => (
            <li key={member.userId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0 font-medium break-words">{memberName(member)}</span>
              <span className="text-muted-foreground">
                {roleLabel(member.marketingRole)} · {lastActiveText(member.lastActive, now)}
              </span>
            </li>
          ))}
          {members.data.length > SHOWN ? <li className="py-2 text-sm text-muted-foreground">{copy.more(members.data.length - SHOWN)}</li> : null}
        </ul>
      </div>
    );
  }

  return (
    <section aria-labelledby="team-overview-title">
      <Card>
        <div className="flex flex-wrap items-start justify-between gap-3 p-6 pb-4">
          <div>
            <h2 id="team-overview-title" className="text-xl font-semibold tracking-tight">
              {copy.title}
            </h2>
            {current ? <p className="text-sm text-muted-foreground">{copy.description(current.name)}</p> : null}
          </div>
          <Link to={paths.team} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <Users aria-hidden="true" />
            {copy.manage}
          </Link>
        </div>
        <CardContent>{body}</CardContent>
      </Card>
    </section>
  );
}

import { ChevronRight, PartyPopper } from 'lucide-react';
import { ListStatus } from '@/components/module/list-status';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { seoCopy } from '@/config/seo-copy';
import { useIssueSummary } from '@/features/seo/api/get-issue-summary';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { SeverityBadge } from '@/features/seo/components/severity-badge';
import { checkInfo } from '@/features/seo/utils/issue-detail';

interface IssuesListProps {
  seo: SeoClient;
  siteId: string;
  auditId: string;
  onOpen(checkId: string): void;
}

const copy = seoCopy.issues;

/** The audit's issues, one row per check, most pressing first (severity × page views); each opens its pages. */
export function IssuesList({ seo, siteId, auditId, onOpen }: IssuesListProps) {
  const issues = useIssueSummary(seo, siteId, auditId);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold leading-none tracking-tight">{copy.title}</h2>
        <CardDescription>{copy.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {issues.isPending ? <ListStatus kind="loading" title={copy.title} /> : null}
        {issues.isError ? <ListStatus kind="error" title={copy.loadFailed} description={issues.error.message} /> : null}
        {issues.data?.length === 0 ? <ListStatus kind="empty" icon={PartyPopper} title={copy.none} /> : null}
        {issues.data && issues.data.length > 0 ? (
          <ul className="divide-y rounded-md border">
            {issues.data.map((issue) => {
              const info = checkInfo(issue.check_id);
              return (
                <li key={issue.check_id}>
                  <button
                    type="button"
                    className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 px-3 py-3 text-left hover:bg-muted/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    onClick={() => onOpen(issue.check_id)}
                    aria-label={copy.open(info.title)}
                  >
                    <SeverityBadge severity={issue.severity} />
                    <span className="min-w-0 flex-1 font-medium">{info.title}</span>
                    <span className="text-sm text-muted-foreground">
                      {seoCopy.page.pagesCount(issue.pages)} · {Number(issue.pageviews).toLocaleString('en-US')} {copy.views.toLowerCase()}
                    </span>
                    <ChevronRight className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}

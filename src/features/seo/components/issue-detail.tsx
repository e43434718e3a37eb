import { ArrowLeft } from 'lucide-react';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { seoCopy } from '@/config/seo-copy';
import { useIssuePages } from '@/features/seo/api/get-issue-pages';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { SeverityBadge } from '@/features/seo/components/severity-badge';
import { checkInfo, detailLines } from '@/features/seo/utils/issue-detail';

interface IssueDetailProps {
  seo: SeoClient;
  siteId: string;
  auditId: string;
  checkId: string;
  onBack(): void;
  onOpenPage(pageId: number): void;
}

const copy = seoCopy.issues;

/** One issue: why it matters, how to fix it, and every page it was found on (most visited first) with what was found. */
export function IssueDetail({ seo, siteId, auditId, checkId, onBack, onOpenPage }: IssueDetailProps) {
  const info = checkInfo(checkId);
  const pages = useIssuePages(seo, siteId, auditId, checkId);
  return (
    <Card>
      <CardHeader className="space-y-3">
        <Button type="button" variant="ghost" className="w-fit px-2" onClick={onBack}>
          <ArrowLeft className="mr-2 h-4 w-4" aria-hidden="true" />
          {copy.back}
        </Button>
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-xl font-semibold leading-none tracking-tight">{info.title}</h2>
          <SeverityBadge severity={info.severity} />
        </div>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-medium">{copy.why}</dt>
            <dd className="text-muted-foreground">{info.why}</dd>
          </div>
          <div>
            <dt className="font-medium">{copy.fix}</dt>
            <dd className="text-muted-foreground">{info.fix}</dd>
          </div>
        </dl>
      </CardHeader>
      <CardContent className="space-y-3">
        <h3 className="font-semibold">{copy.affected}</h3>
        {pages.isPending ? <ListStatus kind="loading" title={copy.affected} /> : null}
        {pages.isError ? <ListStatus kind="error" title={copy.loadFailed} description={pages.error.message} /> : null}
        {pages.data ? (
          <ul className="divide-y rounded-md border">
            {pages.data.map((entry) => (
              <li key={entry.id} className="space-y-1 px-3 py-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  {entry.page_id !== null ? (
                    <button
                      type="button"
                      className="min-w-0 break-all text-left font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                      onClick={() => onOpenPage(entry.page_id!)}
                      aria-label={copy.openPage(entry.url)}
                    >
                      {entry.url}
                    </button>
                  ) : (
                    <span className="min-w-0 break-all font-medium">
                      {entry.url} <span className="text-muted-foreground">({copy.siteLevel})</span>
                    </span>
                  )}
                  <span className="text-sm text-muted-foreground">
                    {entry.pageviews.toLocaleString('en-US')} {copy.views.toLowerCase()}
                  </span>
                </div>
                {detailLines(entry.detail).length > 0 ? (
                  <ul className="list-inside list-disc break-all text-sm text-muted-foreground">
                    {detailLines(entry.detail).slice(0, 10).map((line, index) => (
                      <li key={index}>{line}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}

import { ArrowLeft } from 'lucide-react';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { SEVERITY_WEIGHT } from '@/config/seo-checks';
import { seoCopy } from '@/config/seo-copy';
import { useSeoPage } from '@/features/seo/api/get-seo-page';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { SeverityBadge } from '@/features/seo/components/severity-badge';
import { asSeverity, checkInfo, detailLines } from '@/features/seo/utils/issue-detail';

interface PageViewProps {
  seo: SeoClient;
  siteId: string;
  pageId: number;
  onBack(): void;
  onOpenIssue(checkId: string): void;
}

const copy = seoCopy.page;

/** One audited page: its answer and head, its traffic and score, and all its issues, most severe first. */
export function PageView({ seo, siteId, pageId, onBack, onOpenIssue }: PageViewProps) {
  const page = useSeoPage(seo, siteId, pageId);
  const back = (
    <Button type="button" variant="ghost" className="w-fit px-2" onClick={onBack}>
      <ArrowLeft className="mr-2 h-4 w-4" aria-hidden="true" />
      {copy.back}
    </Button>
  );
  if (page.isPending) return <ListStatus kind="loading" title={copy.title} />;
  if (page.isError) return <ListStatus kind="error" title={copy.loadFailed} description={page.error.message}>{back}</ListStatus>;
  if (!page.data) return <ListStatus kind="empty" title={copy.notFound}>{back}</ListStatus>;
  const data = page.data;
  const issues = [...data.issues].sort((a, b) => SEVERITY_WEIGHT[asSeverity(b.severity)] - SEVERITY_WEIGHT[asSeverity(a.severity)]);
  const facts: [string, string][] = [
    [copy.status, data.status === null ? `${copy.noAnswer}${data.fetch_error ? ` (${data.fetch_error})` : ''}` : String(data.status)],
    [copy.redirects, Array.isArray(data.redirects) && data.redirects.length > 0 ? detailLines({ hops: data.redirects }).join(' → ') : '—'],
    [copy.titleTag, data.title ?? '—'],
    [copy.description, data.description ?? '—'],
    [copy.h1, data.h1 ?? '—'],
    [copy.canonical, data.canonical ?? '—'],
    [copy.inSitemap, data.in_sitemap ? copy.yes : copy.no],
    [copy.inlinks, copy.pagesCount(data.inlinks)],
    [copy.views, data.pageviews.toLocaleString('en-US')],
    [copy.score, data.score === null ? '—' : `${data.score} / 100`],
    [copy.size, `${Math.round(data.bytes / 102.4) / 10} KB`],
    [copy.time, `${data.response_ms} ms`],
  ];
  return (
    <Card>
      <CardHeader className="space-y-3">
        {back}
        <h2 className="break-all text-xl font-semibold leading-tight tracking-tight">{data.url}</h2>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="font-medium">{label}</dt>
              <dd className="break-words text-muted-foreground">{value}</dd>
            </div>
          ))}
        </dl>
      </CardHeader>
      <CardContent className="space-y-3">
        <h3 className="font-semibold">{copy.issues}</h3>
        {issues.length === 0 ? <p className="text-sm text-muted-foreground">{copy.noIssues}</p> : null}
        <ul className="divide-y rounded-md border">
          {issues.map((issue) => (
            <li key={issue.id} className="space-y-1 px-3 py-3">
              <div className="flex flex-wrap items-center gap-2">
                <SeverityBadge severity={issue.severity} />
                <button
                  type="button"
                  className="text-left font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  onClick={() => onOpenIssue(issue.check_id)}
                >
                  {checkInfo(issue.check_id).title}
                </button>
              </div>
              <p className="text-sm text-muted-foreground">{checkInfo(issue.check_id).fix}</p>
              {detailLines(issue.detail).length > 0 ? (
                <ul className="list-inside list-disc break-all text-sm text-muted-foreground">
                  {detailLines(issue.detail).slice(0, 10).map((line, index) => (
                    <li key={index}>{line}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

import { KeyRound, Upload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { seoCopy } from '@/config/seo-copy';
import { useKeywords, useSearchExtent } from '@/features/seo/api/get-keywords';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { KeywordDetail } from '@/features/seo/components/keyword-detail';
import { keywordWindow, positionChange } from '@/features/seo/utils/keyword-window';
import { formatDay } from '@/lib/format';
import { cn } from '@/lib/utils';

interface KeywordsPanelProps {
  seo: SeoClient;
  siteId: string;
  canWrite: boolean;
  workspaceId: string | null;
}

const copy = seoCopy.keywords;
// The import wizard (papaparse, the wizard's steps) loads when it is opened.
const SearchImportDialog = lazy(() => import('@/features/seo/components/search-import-dialog').then((m) => ({ default: m.SearchImportDialog })));
const TONE = { up: 'text-green-700', down: 'text-red-700', new: 'text-blue-700', none: 'text-muted-foreground' } as const;

/** The site's keywords from Search Console: the last 28 days of data against the 28 before; a keyword opens its trend and pages. */
export function KeywordsPanel({ seo, siteId, canWrite, workspaceId }: KeywordsPanelProps) {
  const extent = useSearchExtent(seo, siteId);
  const window = keywordWindow(extent.data?.data_to);
  const keywords = useKeywords(seo, siteId, window);
  const [isImporting, setIsImporting] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const importButton = canWrite ? (
    <Button type="button" variant="outline" onClick={() => setIsImporting(true)}>
      <Upload className="mr-2 h-4 w-4" aria-hidden="true" />
      {copy.import}
    </Button>
  ) : null;
  const rows = keywords.data ?? [];

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1">
          <h2 className="text-xl font-semibold leading-none tracking-tight">{copy.title}</h2>
          <CardDescription>{window ? copy.period(formatDay(window.from), formatDay(window.to)) : copy.description}</CardDescription>
        </div>
        {window ? importButton : null}
      </CardHeader>
      <CardContent className="space-y-4">
        {extent.isPending || (window && keywords.isPending) ? <ListStatus kind="loading" title={copy.title} /> : null}
        {extent.isError || keywords.isError ? <ListStatus kind="error" title={copy.loadFailed} description={(extent.error ?? keywords.error)?.message} /> : null}
        {extent.isSuccess && !window ? <ListStatus kind="empty" icon={KeyRound} title={copy.empty}>{importButton}</ListStatus> : null}
        {chosen && window ? <KeywordDetail seo={seo} siteId={siteId} query={chosen} window={window} onClose={() => setChosen(null)} /> : null}
        {rows.length > 0 ? (
          <div className="max-h-[32rem] overflow-auto rounded-md border" tabIndex={0} role="region" aria-label={copy.title}>
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{copy.query}</TableHead>
                  <TableHead className="text-right">{copy.clicks}</TableHead>
                  <TableHead className="text-right">{copy.impressions}</TableHead>
                  <TableHead className="text-right">{copy.ctr}</TableHead>
                  <TableHead className="text-right">{copy.position}</TableHead>
                  <TableHead>{copy.change}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((row) => {
                  const change = positionChange(row.average_position === null ? null : Number(row.average_position), row.previous_average_position === null ? null : Number(row.previous_average_position));
                  return (
                    <TableRow key={row.query}>
                      <TableCell>
                        <button type="button" className="text-left font-medium text-primary underline-offset-4 hover:underline" onClick={() => setChosen(row.query)} aria-label={copy.details(row.query)}>
                          {row.query}
                        </button>
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{Number(row.clicks).toLocaleString('en-US')}</TableCell>
                      <TableCell className="text-right tabular-nums">{Number(row.impressions).toLocaleString('en-US')}</TableCell>
                      <TableCell className="text-right tabular-nums">{row.ctr === null ? '—' : `${(Number(row.ctr) * 100).toFixed(1)}%`}</TableCell>
                      <TableCell className="text-right tabular-nums">{row.average_position === null ? '—' : Number(row.average_position).toFixed(1)}</TableCell>
                      <TableCell className={cn('whitespace-nowrap text-sm', TONE[change.tone])}>{change.text}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </div>
        ) : null}
      </CardContent>
      {isImporting ? (
        <Suspense fallback={null}>
          <SearchImportDialog seo={seo} siteId={siteId} workspaceId={workspaceId} onClose={() => setIsImporting(false)} />
        </Suspense>
      ) : null}
    </Card>
  );
}

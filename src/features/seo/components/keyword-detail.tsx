import { X } from 'lucide-react';
import { Chart } from '@/components/charts/chart';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { seoCopy } from '@/config/seo-copy';
import { useKeywordDetail } from '@/features/seo/api/get-keyword-detail';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { formatDay } from '@/lib/format';

interface KeywordDetailProps {
  seo: SeoClient;
  siteId: string;
  query: string;
  window: { from: string; to: string };
  onClose(): void;
}

const copy = seoCopy.keywords;

/** A keyword over every imported period (clicks and position) and the pages of the site that rank for it. */
export function KeywordDetail({ seo, siteId, query, window, onClose }: KeywordDetailProps) {
  const detail = useKeywordDetail(seo, siteId, query, window);
  return (
    <section aria-label={copy.details(query)} className="space-y-4 rounded-md border p-4">
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-semibold">{copy.details(query)}</h3>
        <Button type="button" variant="ghost" size="icon" onClick={onClose} aria-label={copy.close}>
          <X className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
      {detail.isPending ? <ListStatus kind="loading" title={copy.details(query)} /> : null}
      {detail.isError ? <ListStatus kind="error" title={copy.loadFailed} description={detail.error.message} /> : null}
      {detail.data ? (
        <>
          <Chart
            title={copy.trend(query)}
            kind="line"
            height={220}
            data={detail.data.trend.map((point) => ({ period: point.date_from, clicks: Number(point.clicks), position: point.average_position === null ? 0 : Number(point.average_position) }))}
            xKey="period"
            xLabel={copy.trendX}
            formatX={formatDay}
            series={[
              { key: 'clicks', label: copy.clicks, format: (value) => value.toLocaleString('en-US') },
              { key: 'position', label: copy.position, format: (value) => value.toFixed(1) },
            ]}
          />
          <div className="space-y-2">
            <h4 className="text-sm font-semibold">{copy.rankingPages}</h4>
            {detail.data.pages.length === 0 ? <p className="text-sm text-muted-foreground">{copy.noPages}</p> : null}
            <ul className="divide-y rounded-md border empty:hidden">
              {detail.data.pages.map((page) => (
                <li key={page.page} className="flex flex-wrap justify-between gap-2 px-3 py-2 text-sm">
                  <span className="min-w-0 break-all">{page.page}</span>
                  <span className="text-muted-foreground">
                    {Number(page.clicks).toLocaleString('en-US')} {copy.clicks.toLowerCase()} · {copy.position.toLowerCase()} {page.average_position === null ? '—' : Number(page.average_position).toFixed(1)}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </>
      ) : null}
    </section>
  );
}

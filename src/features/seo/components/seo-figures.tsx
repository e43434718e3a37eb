import { Activity, AlertTriangle, FileCheck, ListOrdered, MousePointerClick } from 'lucide-react';
import { ListStatus } from '@/components/module/list-status';
import { StatCards, type StatCardItem } from '@/components/module/stat-cards';
import { seoCopy } from '@/config/seo-copy';
import { useSiteFigures } from '@/features/seo/api/get-site-figures';
import type { SeoClient } from '@/features/seo/api/seo-client';

const copy = seoCopy.figures;
const iconClass = 'h-4 w-4 text-muted-foreground';
const number = (value: number) => value.toLocaleString('en-US');

/** The module's figures of a site, from its data: health, issues by severity, indexed sitemap pages, clicks, position. */
export function SeoFigures({ seo, siteId, latestAuditId }: { seo: SeoClient; siteId: string; latestAuditId: string | null }) {
  const figures = useSiteFigures(seo, siteId, latestAuditId);
  if (figures.isPending) return <ListStatus kind="loading" title={copy.title} />;
  if (figures.isError) return <ListStatus kind="error" title={copy.loadFailed} description={figures.error.message} />;
  const data = figures.data;
  const audited = data?.audit_id != null;
  const searched = data?.search_to != null;
  const stats: StatCardItem[] = [
    { label: copy.health, value: audited ? String(data!.health_score) : copy.none, change: null, note: audited ? copy.healthNote : copy.noAudit, icon: <Activity className={iconClass} aria-hidden="true" /> },
    {
      label: copy.issues,
      value: audited ? number(data!.critical_count + data!.error_count + data!.warning_count + data!.notice_count) : copy.none,
      change: null,
      note: audited ? copy.issuesNote(data!.critical_count, data!.error_count, data!.warning_count) : copy.noAudit,
      icon: <AlertTriangle className={iconClass} aria-hidden="true" />,
    },
    {
      label: copy.indexed,
      value: audited ? number(data!.indexable_sitemap_pages) : copy.none,
      change: null,
      note: audited ? copy.indexedNote(data!.sitemap_pages) : copy.noAudit,
      icon: <FileCheck className={iconClass} aria-hidden="true" />,
    },
    { label: copy.clicks, value: searched ? number(Number(data!.clicks ?? 0)) : copy.none, change: null, note: searched ? copy.clicksNote : copy.noSearchData, icon: <MousePointerClick className={iconClass} aria-hidden="true" /> },
    {
      label: copy.position,
      value: searched && data!.average_position != null ? Number(data!.average_position).toFixed(1) : copy.none,
      change: null,
      note: searched ? copy.positionNote : copy.noSearchData,
      icon: <ListOrdered className={iconClass} aria-hidden="true" />,
    },
  ];
  return (
    <section aria-label={copy.title}>
      <StatCards stats={stats} className="lg:grid-cols-5" />
    </section>
  );
}

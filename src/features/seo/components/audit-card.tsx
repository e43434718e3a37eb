import type { UseQueryResult } from '@tanstack/react-query';
import { Loader2, Play, Square } from 'lucide-react';
import { DeferredOptionSelect } from '@/components/deferred-option-select';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { seoCopy } from '@/config/seo-copy';
import { useCancelSeoAudit } from '@/features/seo/api/cancel-seo-audit';
import { isUnderWay, type SeoAudit } from '@/features/seo/api/get-seo-audits';
import type { SeoSite } from '@/features/seo/api/get-seo-sites';
import { useRequestSeoAudit } from '@/features/seo/api/request-seo-audit';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { auditProgress, auditStatusLines } from '@/features/seo/utils/audit-status';
import { formatDateTime } from '@/lib/format';

interface AuditCardProps {
  seo: SeoClient;
  site: SeoSite;
  audits: UseQueryResult<SeoAudit[]>;
  /** The finished audit whose issues are shown. */
  shown: SeoAudit | null;
  canWrite: boolean;
  onChoose(auditId: string): void;
}

const copy = seoCopy.audit;

/** The site's latest audit: run one, watch its progress, stop it; pick which finished audit to read. */
export function AuditCard({ seo, site, audits, shown, canWrite, onChoose }: AuditCardProps) {
  const request = useRequestSeoAudit(seo, site.id);
  const cancel = useCancelSeoAudit(seo, site.id);
  if (audits.isPending) return <ListStatus kind="loading" title={copy.title} />;
  if (audits.isError) return <ListStatus kind="error" title={copy.loadFailed} description={audits.error.message} />;
  const latest = audits.data[0];
  const underWay = isUnderWay(latest);
  const progress = auditProgress(latest);
  const finished = audits.data.filter((audit) => audit.status === 'done');

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1" aria-live="polite">
          <h2 className="text-xl font-semibold leading-none tracking-tight">{copy.title}</h2>
          {auditStatusLines(latest, formatDateTime).map((line) => (
            <p key={line} className="text-sm text-muted-foreground">
              {line}
            </p>
          ))}
          {site.next_audit_at && site.schedule !== 'off' ? <p className="text-sm text-muted-foreground">{copy.nextScheduled(formatDateTime(site.next_audit_at))}</p> : null}
        </div>
        {canWrite ? (
          underWay ? (
            <Button type="button" variant="outline" disabled={cancel.isPending} onClick={() => latest && cancel.mutate(latest.id)}>
              <Square className="mr-2 h-4 w-4" aria-hidden="true" />
              {cancel.isPending ? copy.cancelling : copy.cancel}
            </Button>
          ) : (
            <Button type="button" disabled={request.isPending} onClick={() => request.mutate()}>
              {request.isPending ? <Loader2 className="mr-2 h-4 w-4 animate-spin" aria-hidden="true" /> : <Play className="mr-2 h-4 w-4" aria-hidden="true" />}
              {request.isPending ? copy.running : copy.run}
            </Button>
          )
        ) : null}
      </CardHeader>
      {progress !== null || finished.length > 1 ? (
        <CardContent className="space-y-4">
          {progress !== null ? (
            <div role="progressbar" aria-label={copy.title} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} className="h-2 w-full overflow-hidden rounded-full bg-muted">
              <div className="h-full bg-primary transition-all" style={{ width: `${progress}%` }} />
            </div>
          ) : null}
          {finished.length > 1 && shown ? (
            <div className="space-y-2 sm:max-w-sm">
              <Label htmlFor="seo-audit">{copy.pick}</Label>
              <DeferredOptionSelect
                id="seo-audit"
                value={shown.id}
                onChange={onChoose}
                options={finished.map((audit) => ({ value: audit.id, label: `${formatDateTime(audit.finished_at ?? audit.created_at)} · ${audit.health_score}` }))}
              />
            </div>
          ) : null}
        </CardContent>
      ) : null}
    </Card>
  );
}

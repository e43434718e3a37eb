import { ListStatus } from '@/components/module/list-status';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { seoCopy } from '@/config/seo-copy';
import { useAuditChanges, type AuditChange } from '@/features/seo/api/get-audit-changes';
import type { SeoAudit } from '@/features/seo/api/get-seo-audits';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { SeverityBadge } from '@/features/seo/components/severity-badge';
import { checkInfo } from '@/features/seo/utils/issue-detail';
import { formatDateTime } from '@/lib/format';

interface AuditChangesProps {
  seo: SeoClient;
  siteId: string;
  audit: SeoAudit;
  /** The site's finished audits, newest first. */
  finished: readonly SeoAudit[];
}

const copy = seoCopy.changes;
const STATES = ['new', 'fixed', 'open'] as const;

/** What changed since the finished audit before this one: new issues, fixed ones, and those still open. */
export function AuditChanges({ seo, siteId, audit, finished }: AuditChangesProps) {
  const changes = useAuditChanges(seo, siteId, audit.id);
  const previous = finished.find((entry) => entry.created_at < audit.created_at);
  const groups = Object.fromEntries(STATES.map((state) => [state, (changes.data ?? []).filter((change) => change.state === state)])) as Record<(typeof STATES)[number], AuditChange[]>;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold leading-none tracking-tight">{copy.title}</h2>
        <CardDescription>{previous ? copy.description(formatDateTime(previous.finished_at ?? previous.created_at)) : copy.noPrevious}</CardDescription>
      </CardHeader>
      {previous ? (
        <CardContent className="space-y-6">
          {changes.isPending ? <ListStatus kind="loading" title={copy.title} /> : null}
          {changes.isError ? <ListStatus kind="error" title={copy.loadFailed} description={changes.error.message} /> : null}
          {changes.data ? <p className="text-sm font-medium">{copy.summary(groups.new.length, groups.fixed.length, groups.open.length)}</p> : null}
          {changes.data
            ? STATES.map((state) => (
                <section key={state} className="space-y-2">
                  <h3 className="font-semibold">
                    {copy[state]} ({groups[state].length})
                  </h3>
                  {groups[state].length === 0 ? <p className="text-sm text-muted-foreground">{copy.none}</p> : null}
                  <ul className="divide-y rounded-md border empty:hidden">
                    {groups[state].slice(0, 200).map((change) => (
                      <li key={`${change.check_id} ${change.url}`} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
                        <SeverityBadge severity={change.severity} />
                        <span className="font-medium">{checkInfo(change.check_id).title}</span>
                        <span className="min-w-0 break-all text-muted-foreground">{change.url}</span>
                      </li>
                    ))}
                  </ul>
                </section>
              ))
            : null}
        </CardContent>
      ) : null}
    </Card>
  );
}

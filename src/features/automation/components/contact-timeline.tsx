import { automationRunsCopy } from '@/config/automation-runs-copy';
import { useContactTimeline, type TimelineEntry } from '@/features/automation/api/get-contact-timeline';
import { formatDateTime } from '@/lib/format';

const copy = automationRunsCopy;

function entryText(entry: TimelineEntry): string {
  const kind = copy.kind[entry.kind] ?? entry.kind;
  if (entry.kind === 'entered' || entry.kind.startsWith('run_')) return kind;
  const outcome = entry.outcome && entry.outcome !== entry.kind ? ` (${entry.outcome})` : '';
  const until = entry.kind === 'waiting' && entry.dueAt ? ` ${copy.until(formatDateTime(entry.dueAt))}` : '';
  return `${entry.stepId ?? ''}: ${kind}${outcome}${until}`;
}

/** The workflows and steps one contact went through, latest run first; each step with its time and outcome. */
export function ContactTimeline({ workspaceId, contactId }: { workspaceId: string; contactId: string }) {
  const timeline = useContactTimeline(workspaceId, contactId);
  if (timeline.isPending) return <p role="status" className="text-sm text-muted-foreground">{copy.timelineLoading}</p>;
  if (timeline.isError) return <p role="alert" className="text-sm text-destructive">{copy.timelineLoadFailed}</p>;
  if (!timeline.data.length) return <p className="text-sm text-muted-foreground">{copy.timelineEmpty}</p>;
  return (
    <div className="space-y-4">
      {timeline.data.map((run) => (
        <section key={run.enrollmentId} aria-label={run.workflowName} className="space-y-1">
          <h3 className="text-sm font-semibold">{run.workflowName}</h3>
          <ol className="space-y-1 border-l pl-3 text-sm">
            {run.entries.map((entry, index) => (
              <li key={`${entry.kind}-${entry.stepId ?? ''}-${index}`}>
                <time dateTime={entry.at} className="mr-2 text-xs text-muted-foreground">{formatDateTime(entry.at)}</time>
                <span className={entry.kind === 'failed' || entry.kind === 'run_failed' ? 'text-destructive' : undefined}>{entryText(entry)}</span>
                {entry.error && !entry.kind.startsWith('run_') ? <span className="block break-words text-xs text-destructive">{entry.error}</span> : null}
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

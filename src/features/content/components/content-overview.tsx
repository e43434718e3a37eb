import { CalendarClock, CheckCircle2, FilePen, Hourglass } from 'lucide-react';
import { ListStatus } from '@/components/module/list-status';
import { StatCards } from '@/components/module/stat-cards';
import { contentCopy } from '@/config/content-copy';
import { useContentOverview } from '@/features/content/api/get-content-overview';
import { SampleContentOverview } from '@/features/content/components/content-samples';
import { describeLoadFailure } from '@/lib/error-kinds';
import { formatChange } from '@/lib/figures';

const iconClass = 'h-4 w-4 text-muted-foreground';

/**
 * Content Overview from the workspace's items, in the user's own days (`today`: their local day): published this month
 * so far (with the change from the same days of last month), in review, drafts, scheduled in the next 7 days (with how
 * many are overdue). A workspace without items sees the spec's sample figures and calendar, marked, with a prompt.
 */
export function ContentOverview({ today }: { today: string }) {
  const query = useContentOverview(today);
  const copy = contentCopy.overview;
  if (query.data && !query.data.hasItems) return <SampleContentOverview prompt={copy.samplePrompt} />;

  let body;
  if (query.isError) body = <ListStatus kind="error" title={copy.loadFailed} description={describeLoadFailure(query.error)} />;
  else if (!query.data) body = <ListStatus kind="loading" title={copy.loading} />;
  else {
    const figures = query.data;
    body = (
      <StatCards
        stats={[
          { label: copy.publishedThisMonth, value: String(figures.published_this_month), change: formatChange(figures.published_this_month, figures.published_last_month), icon: <CheckCircle2 className={iconClass} aria-hidden="true" /> },
          { label: copy.inReview, value: String(figures.in_review), change: null, note: copy.nowNote, icon: <Hourglass className={iconClass} aria-hidden="true" /> },
          { label: copy.drafts, value: String(figures.drafts), change: null, note: copy.nowNote, icon: <FilePen className={iconClass} aria-hidden="true" /> },
          { label: copy.scheduledNextWeek, value: String(figures.scheduled_next_7_days), change: null, note: copy.overdueNote(figures.overdue), icon: <CalendarClock className={iconClass} aria-hidden="true" /> },
        ]}
      />
    );
  }
  return (
    <section aria-labelledby="content-overview-title" className="space-y-3">
      <h2 id="content-overview-title" className="text-xl font-semibold tracking-tight">
        {contentCopy.overviewTitle}
      </h2>
      {body}
    </section>
  );
}

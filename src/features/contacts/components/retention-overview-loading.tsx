import { SampleListCard, type SampleListItem } from '@/components/module/sample-cards';
import { buttonVariants } from '@/components/ui/button-variants';
import { Skeleton } from '@/components/ui/skeleton';
import { contactsCopy } from '@/config/contacts-copy';
import type { ContactOverview } from '@/features/contacts/api/get-contact-overview';
import { bandRows, stageRows } from '@/features/contacts/utils/overview-rows';

const copy = contactsCopy.retention;
const pending = (rows: SampleListItem[]) => rows.map((row) => ({ ...row, value: '—', progress: 0 }));

function PendingRows() {
  return (
    <div className="space-y-3">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} className="h-10 w-full" />
      ))}
    </div>
  );
}

/**
 * While the Retention Center's contact figures load: the four cards they fill, with their titles and rows and no
 * figures, so the sample metrics below do not jump when the figures arrive (issue 33: a one-line "Loading…" here
 * shifted the page by 0.55, Lighthouse's CLS). Screen readers hear the loading line only.
 */
export function RetentionOverviewLoading() {
  return (
    <div className="space-y-4">
      <p role="status" className="sr-only">
        {copy.loading}
      </p>
      <div aria-hidden="true" className="animate-pulse space-y-4 motion-reduce:animate-none">
        <div className="flex justify-end">
          <span className={buttonVariants({ variant: 'outline', size: 'sm' })}>{copy.manage}</span>
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <SampleListCard title={copy.bandsTitle} description={copy.bandsDescription(0)} items={pending(bandRows({}))} />
          <SampleListCard title={copy.stagesTitle} description={copy.stagesDescription} items={pending(stageRows({ stages: {} as ContactOverview['stages'], total: 0 }))} />
          <SampleListCard title={copy.hotTitle} description={copy.hotDescription} items={[]}>
            <PendingRows />
          </SampleListCard>
          <SampleListCard title={copy.quietTitle} description={copy.quietDescription(0, 0)} items={[]}>
            <PendingRows />
          </SampleListCard>
        </div>
      </div>
    </div>
  );
}

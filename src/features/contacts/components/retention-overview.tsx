import { Suspense, useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { SampleListCard } from '@/components/module/sample-cards';
import { SampleSection } from '@/components/module/sample-section';
import { LoadErrorPanel } from '@/components/errors/load-error-panel';
import { Button, buttonVariants } from '@/components/ui/button';
import { automationRunsCopy } from '@/config/automation-runs-copy';
import { QUIET_DAYS } from '@/config/contact-options';
import { contactsCopy } from '@/config/contacts-copy';
import { paths } from '@/config/paths';
import { useContactOverview, type OverviewContact } from '@/features/contacts/api/get-contact-overview';
import { RetentionOverviewLoading } from '@/features/contacts/components/retention-overview-loading';
import { contactName } from '@/features/contacts/utils/contact-display';
import { bandRows, contactRow, sampleRows, stageRows } from '@/features/contacts/utils/overview-rows';
import { useWorkspace } from '@/lib/workspace';

/** What a contact's history dialog is given: the workspace, the contact (with the name shown), how to close it. */
export interface ContactHistoryDialogProps {
  workspaceId: string;
  contact: { id: string; name: string };
  onClose(): void;
}

const copy = contactsCopy.retention;

function ManageLink() {
  return (
    <Link to={paths.contacts} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
      {copy.manage}
    </Link>
  );
}

function EmptyLine({ children }: { children: string }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}

/**
 * The Customer Retention Center's contact figures, from the workspace's contacts: bands, stages, hot contacts to
 * call today, contacts gone quiet. A workspace without contacts sees the spec's sample figures, marked, with a prompt.
 * `historyDialog`: a contact's automation history, composed by the route from the automation feature (a lazy
 * component: its code loads when first opened, issue 33), opened by each hot or quiet contact's History button.
 */
export function RetentionOverview({ historyDialog: HistoryDialog }: { historyDialog: ComponentType<ContactHistoryDialogProps> }) {
  const overview = useContactOverview();
  const { current } = useWorkspace();
  const [historyOf, setHistoryOf] = useState<{ id: string; name: string } | null>(null);
  const withHistory = (contact: OverviewContact, detail: 'reach' | 'quiet') => {
    const name = contactName(contact);
    return {
      ...contactRow(contact, detail),
      action: (
        <Button type="button" variant="ghost" size="sm" aria-label={automationRunsCopy.historyOf(name)} onClick={() => setHistoryOf({ id: contact.id, name })}>
          {automationRunsCopy.history}
        </Button>
      ),
    };
  };
  if (overview.isPending) return <RetentionOverviewLoading />;
  if (overview.isError) return <LoadErrorPanel title={copy.loadFailed} error={overview.error} onRetry={() => void overview.refetch()} />;
  const figures = overview.data;
  if (figures.total === 0) {
    const samples = sampleRows();
    return (
      <SampleSection title={copy.sampleTitle}>
        <p className="flex flex-wrap items-center gap-3 text-sm">
          {copy.samplePrompt} <ManageLink />
        </p>
        <div className="grid gap-6 lg:grid-cols-2">
          <SampleListCard title={copy.bandsTitle} description={copy.sampleBandsDescription} items={samples.bands} />
          <SampleListCard title={copy.sampleLeadsTitle} description={copy.sampleLeadsDescription} items={samples.leads} />
        </div>
      </SampleSection>
    );
  }
  return (
    <section aria-label={copy.bandsTitle} className="space-y-4">
      <div className="flex justify-end">
        <ManageLink />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <SampleListCard title={copy.bandsTitle} description={copy.bandsDescription(figures.total)} items={bandRows(figures.bands)} />
        <SampleListCard title={copy.stagesTitle} description={copy.stagesDescription} items={stageRows(figures)} />
        <SampleListCard title={copy.hotTitle} description={copy.hotDescription} items={figures.hot_to_call.map((contact) => withHistory(contact, 'reach'))}>
          {figures.hot_to_call.length === 0 ? <EmptyLine>{copy.hotEmpty}</EmptyLine> : null}
        </SampleListCard>
        <SampleListCard title={copy.quietTitle} description={copy.quietDescription(figures.quiet_count, QUIET_DAYS)} items={figures.quiet.map((contact) => withHistory(contact, 'quiet'))}>
          {figures.quiet_count === 0 ? <EmptyLine>{copy.quietEmpty}</EmptyLine> : null}
        </SampleListCard>
      </div>
      {historyOf && current ? (
        <Suspense fallback={null}>
          <HistoryDialog workspaceId={current.id} contact={historyOf} onClose={() => setHistoryOf(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}

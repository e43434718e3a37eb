import { lazy, Suspense, useState } from 'react';
import { useContentOverview } from '@/features/content/api/get-content-overview';
import { ContentItemsCard } from '@/features/content/components/content-items-card';
import { ContentQuickActions } from '@/features/content/components/content-quick-actions';
import { ContentOverview } from '@/features/content/components/content-overview';
import { ContentPerformance } from '@/features/content/components/content-samples';
import { EditorialCalendar } from '@/features/content/components/editorial-calendar';
import type { ContentItem } from '@/features/content/utils/content-form';
import { useSocialAccounts } from '@/lib/social-accounts';
import { localDay } from '@/lib/periods';
import { useWorkspace } from '@/lib/workspace';

// The dialogs (Radix Dialog, Select, the form) load when one opens, not with the page (issue 33).
const ContentDialog = lazy(() => import('@/features/content/components/content-dialog').then((module) => ({ default: module.ContentDialog })));
const ScheduleDialog = lazy(() => import('@/features/content/components/schedule-dialog').then((module) => ({ default: module.ScheduleDialog })));

type DialogState = { mode: 'create' } | { mode: 'edit'; item: ContentItem } | { mode: 'schedule' } | null;

/**
 * Content Marketing Hub (spec §2): the workspace's content items, their overview and editorial calendar (viewers only
 * read); performance figures without a source stay marked samples. A workspace without items sees one Editorial
 * Calendar: the spec's sample, marked, in the sample overview with its prompt (not an empty real one beside it).
 */
export function ContentHub() {
  const { current, canWrite } = useWorkspace();
  const [today] = useState(localDay);
  const hasItems = useContentOverview(today).data?.hasItems;
  // Social posts go on this calendar too (issue 30): a workspace with social accounts sees it without content items.
  const hasSocialAccounts = (useSocialAccounts(current?.id ?? '').data?.length ?? 0) > 0;
  const [dialog, setDialog] = useState<DialogState>(null);
  const openCreate = () => setDialog({ mode: 'create' });
  const canEdit = current !== null && canWrite;

  return (
    <>
      <ContentOverview today={today} />
      <ContentItemsCard onCreate={openCreate} onEdit={(item) => setDialog({ mode: 'edit', item })} />
      <div className="grid gap-6 lg:grid-cols-3">
        {hasItems === false && !hasSocialAccounts ? null : (
          <div className="min-w-0 lg:col-span-2">
            <EditorialCalendar canWrite={canEdit} />
          </div>
        )}
        <ContentQuickActions onCreate={openCreate} onSchedule={() => setDialog({ mode: 'schedule' })} canCreate={canEdit} />
      </div>
      <ContentPerformance />
      <Suspense fallback={null}>
        {dialog?.mode === 'schedule' ? <ScheduleDialog onClose={() => setDialog(null)} /> : null}
        {dialog && dialog.mode !== 'schedule' ? (
          <ContentDialog
            key={dialog.mode === 'edit' ? dialog.item.id : 'new'}
            item={dialog.mode === 'edit' ? dialog.item : null}
            onClose={() => setDialog(null)}
          />
        ) : null}
      </Suspense>
    </>
  );
}

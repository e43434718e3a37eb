import { useState } from 'react';
import { ContentDialog } from '@/features/content/components/content-dialog';
import { ContentItemsCard } from '@/features/content/components/content-items-card';
import { ContentQuickActions } from '@/features/content/components/content-quick-actions';
import { ContentOverview, EditorialPlanning } from '@/features/content/components/content-samples';
import type { ContentItem } from '@/features/content/utils/content-form';
import { useWorkspace } from '@/lib/workspace';

type DialogState = { mode: 'create' } | { mode: 'edit'; item: ContentItem } | null;

/** Content Marketing Hub (spec §2): sample figures around the workspace's real content items (viewers only read). */
export function ContentHub() {
  const { current, canWrite } = useWorkspace();
  const [dialog, setDialog] = useState<DialogState>(null);
  const openCreate = () => setDialog({ mode: 'create' });

  return (
    <>
      <ContentOverview />
      <ContentItemsCard onCreate={openCreate} onEdit={(item) => setDialog({ mode: 'edit', item })} />
      <div className="grid gap-6 lg:grid-cols-3">
        <EditorialPlanning className="lg:col-span-2" />
        <div className="lg:pt-11">
          <ContentQuickActions onCreate={openCreate} canCreate={current !== null && canWrite} />
        </div>
      </div>
      {dialog ? (
        <ContentDialog
          key={dialog.mode === 'edit' ? dialog.item.id : 'new'}
          item={dialog.mode === 'edit' ? dialog.item : null}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}

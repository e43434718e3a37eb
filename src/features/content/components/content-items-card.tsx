import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { RecordListCard, type RecordListCopy } from '@/components/records/record-list-card';
import { contentCopy } from '@/config/content-copy';
import { messages } from '@/config/messages';
import { useDeleteContentItem } from '@/features/content/api/delete-content-item';
import { useContentItems } from '@/features/content/api/get-content-items';
import { ContentItemsTable } from '@/features/content/components/content-items-table';
import type { ContentItem } from '@/features/content/utils/content-form';

interface ContentItemsCardProps {
  onCreate(): void;
  onEdit(item: ContentItem): void;
  headerActions?: ReactNode;
}

const listCopy: RecordListCopy = {
  title: contentCopy.listTitle,
  description: contentCopy.listDescription,
  create: contentCopy.createContent,
  createFirst: contentCopy.createFirst,
  emptyTitle: contentCopy.emptyTitle,
  emptyDescription: contentCopy.emptyDescription,
  emptyReadOnly: contentCopy.emptyReadOnly,
  loading: contentCopy.loading,
  loadFailed: messages.content.loadFailed,
  retry: contentCopy.retry,
  loadMore: contentCopy.loadMore,
  loadingMore: contentCopy.loadingMore,
  organizationUnavailable: contentCopy.organizationUnavailable,
  confirmDelete: messages.content.confirmDelete,
  deleteConfirm: contentCopy.deleteConfirm,
  deleting: contentCopy.deleting,
  cancel: contentCopy.cancel,
};

/** The workspace's content items as a table (the list itself: RecordListCard). */
export function ContentItemsCard({ onCreate, onEdit, headerActions }: ContentItemsCardProps) {
  const query = useContentItems();
  const remove = useDeleteContentItem();
  return (
    <RecordListCard copy={listCopy} icon={FileText} query={query} remove={remove} onCreate={onCreate} headerActions={headerActions}>
      {(items, { canWrite, onDelete }) => <ContentItemsTable items={items} onEdit={canWrite ? onEdit : undefined} onDelete={onDelete} />}
    </RecordListCard>
  );
}

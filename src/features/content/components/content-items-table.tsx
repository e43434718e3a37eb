import { Pencil, Trash2 } from 'lucide-react';
import { RecordTable, type RecordColumn } from '@/components/records/record-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { contentCopy } from '@/config/content-copy';
import type { ContentItem } from '@/features/content/utils/content-form';
import { contentStatusBadge, contentTypeLabel, excerptPreview } from '@/features/content/utils/content-display';
import { formatDate } from '@/lib/format';

interface ContentItemsTableProps {
  items: readonly ContentItem[];
  onEdit(item: ContentItem): void;
  onDelete(item: ContentItem): void;
}

const { columns: headers } = contentCopy;

const columns: readonly RecordColumn<ContentItem>[] = [
  { header: headers.type, cell: (item) => contentTypeLabel(item.content_type), className: 'whitespace-nowrap' },
  {
    header: headers.status,
    isLabelHiddenOnCard: true,
    cell: (item) => {
      const badge = contentStatusBadge(item.status);
      return <Badge variant={badge.variant}>{badge.label}</Badge>;
    },
  },
  { header: headers.created, cell: (item) => <time dateTime={item.created_at}>{formatDate(item.created_at)}</time>, className: 'whitespace-nowrap' },
];

/**
 * Spec §2: Title with the excerpt cut to 100 characters, Type, Status badge, Created date, edit and delete: a table
 * on a wide screen, cards on a phone.
 */
export function ContentItemsTable({ items, onEdit, onDelete }: ContentItemsTableProps) {
  return (
    <RecordTable
      records={items}
      rowKey={(item) => item.id}
      titleHeader={headers.title}
      title={(item) => item.title}
      description={(item) => excerptPreview(item.excerpt) || undefined}
      columns={columns}
      actionsHeader={headers.actions}
      actions={(item) => (
        <>
          <Button variant="ghost" size="icon" aria-label={contentCopy.edit(item.title)} title={contentCopy.edit(item.title)} onClick={() => onEdit(item)}>
            <Pencil aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" aria-label={contentCopy.delete(item.title)} title={contentCopy.delete(item.title)} onClick={() => onDelete(item)}>
            <Trash2 aria-hidden="true" />
          </Button>
        </>
      )}
    />
  );
}

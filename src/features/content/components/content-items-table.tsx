import { Pencil, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { contentCopy } from '@/config/content-copy';
import type { ContentItem } from '@/features/content/utils/content-form';
import { contentStatusBadge, contentTypeLabel, excerptPreview } from '@/features/content/utils/content-display';
import { formatDate } from '@/lib/format';

interface ContentItemsTableProps {
  items: readonly ContentItem[];
  /** Absent for viewers: no actions column. */
  onEdit?(item: ContentItem): void;
  onDelete?(item: ContentItem): void;
}

/** Spec §2: Title with the excerpt cut to 100 characters, Type, Status badge, Created date, edit and delete. */
export function ContentItemsTable({ items, onEdit, onDelete }: ContentItemsTableProps) {
  const { columns } = contentCopy;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{columns.title}</TableHead>
          <TableHead>{columns.type}</TableHead>
          <TableHead>{columns.status}</TableHead>
          <TableHead>{columns.created}</TableHead>
          {onEdit && onDelete ? <TableHead className="text-right">{columns.actions}</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => {
          const badge = contentStatusBadge(item.status);
          const excerpt = excerptPreview(item.excerpt);
          return (
            <TableRow key={item.id}>
              <TableCell className="max-w-md">
                <p className="font-medium break-words">{item.title}</p>
                {excerpt ? <p className="text-sm text-muted-foreground break-words">{excerpt}</p> : null}
              </TableCell>
              <TableCell className="whitespace-nowrap">{contentTypeLabel(item.content_type)}</TableCell>
              <TableCell>
                <Badge variant={badge.variant}>{badge.label}</Badge>
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <time dateTime={item.created_at}>{formatDate(item.created_at)}</time>
              </TableCell>
              {onEdit && onDelete ? (
                <TableCell className="text-right">
                  <div className="flex justify-end gap-1">
                    <Button variant="ghost" size="icon" aria-label={contentCopy.edit(item.title)} title={contentCopy.edit(item.title)} onClick={() => onEdit(item)}>
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button variant="ghost" size="icon" aria-label={contentCopy.delete(item.title)} title={contentCopy.delete(item.title)} onClick={() => onDelete(item)}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </TableCell>
              ) : null}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

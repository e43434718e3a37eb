import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { assetCopy } from '@/config/asset-copy';
import type { AssetRow } from '@/features/assets/api/asset-types';
import { AssetStatusBadge } from '@/features/assets/components/asset-status-badge';
import { AssetThumbnail } from '@/features/assets/components/asset-thumbnail';
import { formatBytes, formatDimensions, kindLabel } from '@/features/assets/utils/asset-display';
import { formatDate } from '@/lib/format';

/** The library as a list: thumbnail, name, type, size, dimensions or length, uploader, date and status. */
export function AssetTable({ rows, urls, onOpen }: { rows: AssetRow[]; urls: Record<string, string>; onOpen(id: string): void }) {
  const columns = assetCopy.list.columns;
  return (
    <div className="overflow-x-auto">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="w-16">
              <span className="sr-only">{columns.preview}</span>
            </TableHead>
            <TableHead>{columns.name}</TableHead>
            <TableHead>{columns.type}</TableHead>
            <TableHead>{columns.size}</TableHead>
            <TableHead>{columns.dimensions}</TableHead>
            <TableHead>{columns.uploader}</TableHead>
            <TableHead>{columns.date}</TableHead>
            <TableHead>{columns.status}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>
                <div className="h-12 w-12 overflow-hidden rounded">
                  <AssetThumbnail asset={row} url={row.thumbnail_path ? urls[row.thumbnail_path] : undefined} />
                </div>
              </TableCell>
              <TableCell className="max-w-64">
                <button type="button" className="break-all text-left font-medium underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" onClick={() => onOpen(row.id)}>
                  {row.name}
                </button>
              </TableCell>
              <TableCell>{kindLabel(row.kind)}</TableCell>
              <TableCell className="whitespace-nowrap">{formatBytes(row.size_bytes)}</TableCell>
              <TableCell className="whitespace-nowrap">{formatDimensions(row) ?? '—'}</TableCell>
              <TableCell>{row.uploaded_by_name ?? assetCopy.review.formerMember}</TableCell>
              <TableCell className="whitespace-nowrap">{formatDate(row.uploaded_at ?? row.created_at)}</TableCell>
              <TableCell>
                <AssetStatusBadge status={row.status} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

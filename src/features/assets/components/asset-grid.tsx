import { assetCopy } from '@/config/asset-copy';
import type { AssetRow } from '@/features/assets/api/asset-types';
import { AssetStatusBadge } from '@/features/assets/components/asset-status-badge';
import { AssetThumbnail } from '@/features/assets/components/asset-thumbnail';
import { formatBytes, kindLabel } from '@/features/assets/utils/asset-display';

/** The library as cards: thumbnail, name, type, size and status; a card opens the asset. */
export function AssetGrid({ rows, urls, onOpen }: { rows: AssetRow[]; urls: Record<string, string>; onOpen(id: string): void }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
      {rows.map((row) => (
        <li key={row.id}>
          <button
            type="button"
            onClick={() => onOpen(row.id)}
            aria-label={assetCopy.list.open(row.name)}
            className="group flex h-full w-full flex-col overflow-hidden rounded-lg border bg-card text-left shadow-sm transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <div className="aspect-square w-full overflow-hidden">
              <AssetThumbnail asset={row} url={row.thumbnail_path ? urls[row.thumbnail_path] : undefined} />
            </div>
            <div className="flex flex-1 flex-col gap-1 p-2">
              <span className="line-clamp-2 break-all text-sm font-medium">{row.name}</span>
              <span className="text-xs text-muted-foreground">
                {kindLabel(row.kind)} · {formatBytes(row.size_bytes)}
              </span>
              <span className="mt-auto pt-1">
                <AssetStatusBadge status={row.status} />
              </span>
            </div>
          </button>
        </li>
      ))}
    </ul>
  );
}

import { FolderOpen } from 'lucide-react';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { assetCopy } from '@/config/asset-copy';
import { useAssets } from '@/features/assets/api/get-assets';
import { AssetGrid } from '@/features/assets/components/asset-grid';
import { AssetTable } from '@/features/assets/components/asset-table';
import { hasFilters, pageCount, type LibraryFilters } from '@/features/assets/utils/library-filters';
import { useSignedAssetUrls } from '@/lib/asset-urls';
import { describeLoadFailure } from '@/lib/error-kinds';

interface AssetResultsProps {
  filters: LibraryFilters;
  onOpen(id: string): void;
  onPage(page: number): void;
}

/** One page of the library as a grid or a list, with its thumbnails (one signing request per page) and pages. */
export function AssetResults({ filters, onOpen, onPage }: AssetResultsProps) {
  const query = useAssets(filters);
  const rows = query.data?.rows ?? [];
  const urls = useSignedAssetUrls(rows.map((row) => row.thumbnail_path)).data ?? {};
  const copy = assetCopy.list;

  if (query.isError) {
    return (
      <ListStatus kind="error" title={copy.loadFailed} description={describeLoadFailure(query.error)}>
        <Button type="button" variant="outline" onClick={() => void query.refetch()}>
          {assetCopy.errors.tryAgain}
        </Button>
      </ListStatus>
    );
  }
  if (!query.data) return <ListStatus kind="loading" title={copy.loading} />;
  if (rows.length === 0) {
    return hasFilters(filters) ? (
      <ListStatus kind="empty" icon={FolderOpen} title={copy.noMatch} description={copy.noMatchDescription} />
    ) : (
      <ListStatus kind="empty" icon={FolderOpen} title={copy.empty} description={copy.emptyDescription} />
    );
  }
  const total = query.data.total;
  const pages = pageCount(total);
  return (
    <div className="space-y-4" aria-busy={query.isFetching || undefined}>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {copy.count(rows.length, total)}
      </p>
      {filters.view === 'list' ? <AssetTable rows={rows} urls={urls} onOpen={onOpen} /> : <AssetGrid rows={rows} urls={urls} onOpen={onOpen} />}
      {pages > 1 ? (
        <nav aria-label={copy.page(filters.page, pages)} className="flex items-center justify-between gap-2">
          <Button type="button" variant="outline" size="sm" disabled={filters.page <= 1} onClick={() => onPage(filters.page - 1)}>
            {copy.previous}
          </Button>
          <span className="text-sm">{copy.page(filters.page, pages)}</span>
          <Button type="button" variant="outline" size="sm" disabled={filters.page >= pages} onClick={() => onPage(filters.page + 1)}>
            {copy.next}
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

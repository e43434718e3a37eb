import { lazy, Suspense, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { assetCopy } from '@/config/asset-copy';
import { AssetFigures, EmptyLibrarySample } from '@/features/assets/components/asset-figures';
import { AssetResults } from '@/features/assets/components/asset-results';
import { AssetToolbar } from '@/features/assets/components/asset-toolbar';
import { CollectionsBar } from '@/features/assets/components/collections-bar';
import { UploadPanel } from '@/features/assets/components/upload-panel';
import { useUploadQueue } from '@/features/assets/upload/use-upload-queue';
import { filtersFromParams, paramsWith, type LibraryFilters } from '@/features/assets/utils/library-filters';
import { useWorkspace } from '@/lib/workspace';

// One asset's dialog (review, versions, share link, previews) is loaded when an asset is first opened.
const AssetDetailDialog = lazy(() => import('@/features/assets/components/asset-detail-dialog').then((module) => ({ default: module.AssetDetailDialog })));

/**
 * The Creative Studio's asset library (issue 27, decision 0021): the figures (and below the library the spec's
 * samples, marked, while it is empty), uploads, collections, search and filters, the assets as a grid or a list, one asset in a dialog.
 * What is shown lives in the address, so a reload or a shared link shows the same.
 */
export function AssetLibrary({ sample }: { sample: ReactNode }) {
  const { current, canWrite } = useWorkspace();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const queue = useUploadQueue();
  const openAssetId = params.get('asset');

  const change = (changes: Partial<LibraryFilters>) => setParams(paramsWith(params, changes));
  const open = (assetId: string | null) => {
    const next = new URLSearchParams(params);
    if (assetId) next.set('asset', assetId);
    else next.delete('asset');
    setParams(next);
  };

  if (!current) return null;
  return (
    <>
      <AssetFigures />
      <UploadPanel queue={queue} canWrite={canWrite} />
      <section aria-labelledby="asset-library-title" className="space-y-4 rounded-lg border bg-card p-4 shadow-sm sm:p-6">
        <h2 id="asset-library-title" className="text-xl font-semibold tracking-tight">
          {assetCopy.list.title}
        </h2>
        <CollectionsBar workspaceId={current.id} selectedId={filters.collectionId} canWrite={canWrite} onSelect={(collectionId) => change({ collectionId })} />
        <AssetToolbar filters={filters} onChange={change} />
        <AssetResults filters={filters} onOpen={open} onPage={(page) => change({ page })} />
      </section>
      <EmptyLibrarySample sample={sample} />
      {openAssetId ? (
        <Suspense fallback={null}>
          <AssetDetailDialog assetId={openAssetId} workspaceId={current.id} canWrite={canWrite} onClose={() => open(null)} onReplace={(file, assetId) => queue.add([file], assetId)} />
        </Suspense>
      ) : null}
    </>
  );
}

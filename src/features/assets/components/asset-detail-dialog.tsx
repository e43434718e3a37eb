import { ListStatus } from '@/components/module/list-status';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { assetCopy } from '@/config/asset-copy';
import { useAsset } from '@/features/assets/api/get-asset';
import { AssetCollectionsField } from '@/features/assets/components/asset-collections-field';
import { AssetDelete } from '@/features/assets/components/asset-delete';
import { AssetDetailsForm } from '@/features/assets/components/asset-details-form';
import { AssetFacts } from '@/features/assets/components/asset-facts';
import { AssetPreview } from '@/features/assets/components/asset-preview';
import { AssetReview } from '@/features/assets/components/asset-review';
import { AssetShare } from '@/features/assets/components/asset-share';
import { AssetStatusBadge } from '@/features/assets/components/asset-status-badge';
import { AssetUsage } from '@/features/assets/components/asset-usage';
import { AssetVersions } from '@/features/assets/components/asset-versions';
import { kindLabel } from '@/features/assets/utils/asset-display';
import { describeLoadFailure } from '@/lib/error-kinds';

interface AssetDetailDialogProps {
  assetId: string | null;
  workspaceId: string;
  canWrite: boolean;
  onClose(): void;
  onReplace(file: File, assetId: string): void;
}

/**
 * One asset: its preview, details, download and share link on one side; its name and tags, review, versions,
 * collections, where it is used and its deletion on the other (one column on a phone). Opened from the library
 * through the address (`?asset=<id>`), so a reload keeps it open.
 */
export function AssetDetailDialog({ assetId, workspaceId, canWrite, onClose, onReplace }: AssetDetailDialogProps) {
  const query = useAsset(assetId);
  const page = query.data;
  const current = page?.versions.find((version) => version.id === page.asset.current_version_id) ?? page?.versions[0];
  const copy = assetCopy.detail;

  let body;
  if (query.isError) body = <ListStatus kind="error" title={copy.loadFailed} description={describeLoadFailure(query.error)} />;
  else if (query.data === undefined) body = <ListStatus kind="loading" title={copy.loading} />;
  else if (!page || !current) body = <ListStatus kind="empty" title={copy.gone} />;
  else {
    body = (
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <div className="min-w-0 space-y-6">
          <AssetPreview kind={page.asset.kind} name={page.asset.name} version={current} />
          <AssetFacts kind={page.asset.kind} version={current} />
          <AssetShare version={current} />
        </div>
        <div className="min-w-0 space-y-6">
          {canWrite ? null : <p className="rounded-md border bg-muted/50 p-2 text-sm">{copy.readOnly}</p>}
          <AssetDetailsForm key={`${page.asset.id}:${page.asset.name}:${page.asset.tags.join(',')}`} asset={page.asset} canWrite={canWrite} />
          <AssetReview page={page} canWrite={canWrite} />
          <AssetVersions page={page} canWrite={canWrite} onReplace={(file) => onReplace(file, page.asset.id)} />
          <AssetCollectionsField workspaceId={workspaceId} assetId={page.asset.id} collectionIds={page.collection_ids} canWrite={canWrite} />
          <AssetUsage usedBy={page.used_by} />
          {canWrite ? <AssetDelete assetId={page.asset.id} name={page.asset.name} onDeleted={onClose} /> : null}
        </div>
      </div>
    );
  }

  return (
    <Dialog open={assetId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-5xl">
        <DialogHeader>
          <DialogTitle className="break-all pr-6">{page?.asset.name ?? copy.loading}</DialogTitle>
          <DialogDescription className="flex flex-wrap items-center gap-2">
            {page ? (
              <>
                <span>{kindLabel(page.asset.kind)}</span>
                <AssetStatusBadge status={page.asset.status} />
              </>
            ) : (
              <span>{copy.preview}</span>
            )}
          </DialogDescription>
        </DialogHeader>
        {body}
      </DialogContent>
    </Dialog>
  );
}

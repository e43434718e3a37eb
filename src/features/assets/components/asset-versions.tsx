import { Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { assetCopy } from '@/config/asset-copy';
import type { AssetPage, AssetVersion } from '@/features/assets/api/asset-types';
import { useRestoreAssetVersion } from '@/features/assets/api/restore-asset-version';
import { formatBytes } from '@/features/assets/utils/asset-display';
import { formatDateTime } from '@/lib/format';

interface AssetVersionsProps {
  page: AssetPage;
  canWrite: boolean;
  /** A new file for this asset: it uploads through the page's upload queue as its next version. */
  onReplace(file: File): void;
}

/** The versions, newest first: upload a new one, restore an older one (kept as it was). */
export function AssetVersions({ page, canWrite, onReplace }: AssetVersionsProps) {
  const copy = assetCopy.versions;
  const input = useRef<HTMLInputElement>(null);
  const [toRestore, setToRestore] = useState<AssetVersion | null>(null);
  const restore = useRestoreAssetVersion();
  const current = page.asset.current_version_id;

  return (
    <section aria-labelledby="asset-versions-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="asset-versions-title" className="font-semibold">
          {copy.title}
        </h3>
        {canWrite ? (
          <>
            <Button type="button" size="sm" variant="outline" onClick={() => input.current?.click()}>
              <Upload aria-hidden="true" />
              {copy.replace}
            </Button>
            <input
              ref={input}
              type="file"
              className="sr-only"
              tabIndex={-1}
              aria-label={copy.replace}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) onReplace(file);
              }}
            />
          </>
        ) : null}
      </div>
      <ol className="divide-y rounded-md border">
        {page.versions.map((version) => (
          <li key={version.id} className="flex flex-wrap items-center gap-2 p-2 text-sm">
            <span className="font-medium">{copy.label(version.number)}</span>
            {version.id === current ? <Badge variant="blue">{copy.current}</Badge> : null}
            <span className="min-w-0 flex-1 truncate text-muted-foreground">
              {version.file_name} · {formatBytes(version.size_bytes)} · {version.completed_at ? formatDateTime(version.completed_at) : ''}
            </span>
            {canWrite && version.id !== current ? (
              <Button type="button" size="sm" variant="ghost" aria-label={copy.restoreLabel(version.number)} onClick={() => setToRestore(version)}>
                {copy.restore}
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
      <ConfirmDialog
        open={toRestore !== null}
        onOpenChange={(open) => !open && setToRestore(null)}
        title={copy.restoreTitle(toRestore?.number ?? 0)}
        description={copy.restoreDescription}
        confirmLabel={copy.restore}
        pendingLabel={assetCopy.detail.saving}
        cancelLabel={assetCopy.remove.cancel}
        confirmVariant="default"
        isPending={restore.isPending}
        onConfirm={() => toRestore && restore.mutate({ assetId: page.asset.id, versionId: toRestore.id, number: toRestore.number }, { onSettled: () => setToRestore(null) })}
      />
    </section>
  );
}

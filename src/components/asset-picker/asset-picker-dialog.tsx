import { Search } from 'lucide-react';
import { useState } from 'react';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { assetCopy } from '@/config/asset-copy';
import type { AssetKind } from '@/config/asset-options';
import { useApprovedAssets, type ApprovedAsset } from '@/lib/approved-assets';
import { useSignedAssetUrls } from '@/lib/asset-urls';
import { describeLoadFailure } from '@/lib/error-kinds';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';

export interface AssetPickerDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  workspaceId: string;
  /** Which kinds of asset fit (e.g. ['image'] for a featured image). */
  kinds: readonly AssetKind[];
  /** Only assets whose derived images are made (a featured image is shown from its web variant). */
  needsVariants?: boolean;
  onPick(asset: ApprovedAsset): void;
}

/**
 * The asset picker other modules use (the Content Hub's featured image now; e-mails and social posts later): the
 * workspace's approved assets only, searchable, as a radio group of thumbnails. Nothing else of the library is
 * offered; the database refuses anything else anyway (content_items' featured-image check).
 */
export function AssetPickerDialog({ open, onOpenChange, workspaceId, kinds, needsVariants = false, onPick }: AssetPickerDialogProps) {
  const copy = assetCopy.picker;
  const [search, setSearch] = useState('');
  const [chosenId, setChosenId] = useState<string | null>(null);
  const settled = useDebouncedValue(search, 300);
  const query = useApprovedAssets(workspaceId, settled, kinds, open);
  const assets = query.data ?? [];
  const urls = useSignedAssetUrls(open ? assets.map((asset) => asset.thumbnailPath) : []).data ?? {};
  const isUsable = (asset: ApprovedAsset) => !needsVariants || asset.variantsState === 'ready';
  const chosen = assets.find((asset) => asset.id === chosenId && isUsable(asset));

  let body;
  if (query.isError) body = <ListStatus kind="error" title={copy.loadFailed} description={describeLoadFailure(query.error)} />;
  else if (!query.data) body = <ListStatus kind="loading" title={copy.loading} />;
  else if (assets.length === 0) body = <ListStatus kind="empty" title={settled.trim() ? copy.noMatch : copy.empty} />;
  else {
    body = (
      <fieldset>
        <legend className="sr-only">{copy.title}</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {assets.map((asset) => {
            const usable = isUsable(asset);
            return (
              <label key={asset.id} className={cn('relative flex cursor-pointer flex-col overflow-hidden rounded-lg border text-left has-[:checked]:ring-2 has-[:checked]:ring-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring', !usable && 'cursor-not-allowed opacity-60')}>
                <input type="radio" name="asset-picker" value={asset.id} className="sr-only" disabled={!usable} checked={chosenId === asset.id} onChange={() => setChosenId(asset.id)} />
                <span className="aspect-square w-full bg-muted">
                  {asset.thumbnailPath && urls[asset.thumbnailPath] ? <img src={urls[asset.thumbnailPath]} alt="" className="h-full w-full object-cover" /> : null}
                </span>
                <span className="break-all p-2 text-sm font-medium">{asset.name}</span>
                {!usable ? <span className="px-2 pb-2 text-xs text-muted-foreground">{copy.notReady}</span> : null}
              </label>
            );
          })}
        </div>
      </fieldset>
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{copy.title}</DialogTitle>
          <DialogDescription>{copy.description}</DialogDescription>
        </DialogHeader>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-muted-foreground" aria-hidden="true" />
          <Input type="search" aria-label={copy.search} placeholder={copy.search} className="pl-9" value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
        {body}
        <DialogFooter className="gap-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {copy.cancel}
          </Button>
          <Button
            type="button"
            disabled={!chosen}
            onClick={() => {
              if (!chosen) return;
              onPick(chosen);
              onOpenChange(false);
            }}
          >
            {copy.use}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

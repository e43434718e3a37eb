import { ImageIcon, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { assetCopy } from '@/config/asset-copy';
import { publicAssetImageUrl } from '@/lib/asset-urls';

// Loaded when first opened: the content dialog does not carry the picker until someone asks for it.
const AssetPickerDialog = lazy(() => import('@/components/asset-picker/asset-picker-dialog').then((module) => ({ default: module.AssetPickerDialog })));

interface FeaturedAssetFieldProps {
  workspaceId: string | null;
  /** The chosen asset (null: none, or an address typed by hand). */
  assetId: string | null;
  imageUrl: string;
  disabled?: boolean;
  onChange(choice: { assetId: string | null; imageUrl: string }): void;
}

/**
 * A featured image taken from the asset library: an approved image whose web variant is made. Its address is the
 * public copy the publish_asset_image job makes (decision 0021), so a public page can show it without a token.
 */
export function FeaturedAssetField({ workspaceId, assetId, imageUrl, disabled, onChange }: FeaturedAssetFieldProps) {
  const copy = assetCopy.picker;
  const [isOpen, setIsOpen] = useState(false);
  const [chosenName, setChosenName] = useState<string | null>(null);
  if (!workspaceId) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {assetId ? (
        <>
          {imageUrl ? <img src={imageUrl} alt="" className="h-10 w-16 rounded object-cover" /> : null}
          <span className="text-sm text-muted-foreground">{copy.chosen(chosenName ?? '')}</span>
          <Button type="button" variant="ghost" size="sm" disabled={disabled} onClick={() => onChange({ assetId: null, imageUrl: '' })}>
            <X aria-hidden="true" />
            {copy.clear}
          </Button>
        </>
      ) : null}
      <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={() => setIsOpen(true)}>
        <ImageIcon aria-hidden="true" />
        {assetId ? copy.change : copy.button}
      </Button>
      {isOpen ? (
        <Suspense fallback={null}>
          <AssetPickerDialog
            open={isOpen}
            onOpenChange={setIsOpen}
            workspaceId={workspaceId}
            kinds={['image']}
            needsVariants
            onPick={(asset) => {
              setChosenName(asset.name);
              onChange({ assetId: asset.id, imageUrl: publicAssetImageUrl(asset.previewPath!) });
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

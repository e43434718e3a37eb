import { useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { AssetPickerDialog } from '@/components/asset-picker/asset-picker-dialog';
import { emailCopy } from '@/config/email-copy';
import { altFromAssetName, publishEmailImage } from '@/features/email/api/publish-email-image';
import { emailFailureDescription } from '@/features/email/utils/email-failure';
import type { ApprovedAsset } from '@/lib/approved-assets';
import { useWorkspace } from '@/lib/workspace';

/**
 * "Image from the Creative Studio": the shared asset picker (the workspace's approved images whose web-sized variant
 * is made, searchable, keyboard-operable); the chosen one is published for e-mail and handed back with its asset id.
 * Loaded lazily by the image block (block-fields.tsx), so the e-mail page does not carry it until it is opened.
 */
export function ImagePickerDialog({ onPick, onClose }: { onPick(image: { src: string; alt: string; assetId: string }): void; onClose(): void }) {
  const workspaceId = useWorkspace().current!.id;
  const [publishing, setPublishing] = useState<string | null>(null);
  // The picker closes itself right after a pick: that close is not a cancel while the image is being published.
  const picked = useRef(false);

  async function handlePick(asset: ApprovedAsset) {
    picked.current = true;
    setPublishing(asset.name);
    try {
      const src = await publishEmailImage(workspaceId, asset);
      onPick({ src, alt: altFromAssetName(asset.name), assetId: asset.id });
    } catch (error) {
      toast.error(emailCopy.images.failed, { description: emailFailureDescription(error) });
      onClose();
    }
  }

  if (publishing) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {emailCopy.images.publishing(publishing)}
      </p>
    );
  }
  return (
    <AssetPickerDialog
      open
      onOpenChange={(open) => !open && !picked.current && onClose()}
      workspaceId={workspaceId}
      kinds={['image']}
      needsVariants
      onPick={(asset) => void handlePick(asset)}
    />
  );
}

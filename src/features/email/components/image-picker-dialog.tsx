import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { emailCopy } from '@/config/email-copy';
import { assetPreviewUrl, publishEmailImage, useAssetImages, type AssetImage } from '@/features/email/api/publish-email-image';
import { emailFailureDescription } from '@/features/email/utils/email-failure';
import { useWorkspace } from '@/lib/workspace';

function Thumbnail({ image }: { image: AssetImage }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    void assetPreviewUrl(image.path).then((signed) => alive && setUrl(signed));
    return () => {
      alive = false;
    };
  }, [image.path]);
  return url ? <img src={url} alt="" className="h-24 w-full rounded object-cover" /> : <div className="h-24 w-full rounded bg-muted" />;
}

/**
 * "Image from the Creative Studio": the images of the workspace's asset library; the chosen one is published for
 * e-mail (a public copy) and handed back with its asset reference.
 */
export function ImagePickerDialog({ onPick, onClose }: { onPick(image: { src: string; alt: string; assetId: string | null }): void; onClose(): void }) {
  const workspaceId = useWorkspace().current!.id;
  const images = useAssetImages(true);
  const [busy, setBusy] = useState<string | null>(null);

  async function handlePick(image: AssetImage) {
    setBusy(image.path);
    try {
      const src = await publishEmailImage(workspaceId, image);
      onPick({ src, alt: image.name.replace(/\.[a-z]+$/i, '').replace(/[-_]+/g, ' '), assetId: image.assetId });
    } catch (error) {
      toast.error(emailCopy.images.failed, { description: emailFailureDescription(error) });
      setBusy(null);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{emailCopy.images.title}</DialogTitle>
          <DialogDescription>{emailCopy.images.description}</DialogDescription>
        </DialogHeader>
        {images.isPending ? (
          <ListStatus kind="loading" title={emailCopy.images.loading} />
        ) : images.isError ? (
          <ListStatus kind="error" title={emailCopy.loadFailed} />
        ) : images.data.length === 0 ? (
          <ListStatus kind="empty" title={emailCopy.images.empty} />
        ) : (
          <ul className="grid max-h-[60vh] grid-cols-2 gap-3 overflow-auto sm:grid-cols-3">
            {images.data.map((image) => (
              <li key={image.path} className="space-y-2 rounded-md border p-2">
                <Thumbnail image={image} />
                <p className="truncate text-xs">{image.name}</p>
                <Button type="button" size="sm" className="w-full" disabled={busy !== null} onClick={() => void handlePick(image)} aria-label={`${emailCopy.images.choose}: ${image.name}`}>
                  {busy === image.path ? emailCopy.images.publishing : emailCopy.images.choose}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

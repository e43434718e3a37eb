import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { AssetPickerDialog } from '@/components/asset-picker/asset-picker-dialog';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { socialMediaCopy as copy } from '@/config/social-media-copy';
import { checkPostMedia, type MediaKind, type PostMedia } from '@/features/social/media-rules';
import type { SocialNetwork } from '@/features/social/network-rules';
import type { ApprovedAsset } from '@/lib/approved-assets';
import { useSignedAssetUrls } from '@/lib/asset-urls';

/** A chosen asset in the composer: what the rules check, and where its thumbnail is. */
export interface ComposerMedia extends PostMedia {
  thumbnailPath: string | null;
  previewPath: string | null;
}

export function toComposerMedia(asset: ApprovedAsset): ComposerMedia {
  return {
    assetId: asset.id, name: asset.name, kind: asset.kind as MediaKind, mimeType: asset.mimeType, sizeBytes: asset.sizeBytes, alt: '',
    thumbnailPath: asset.thumbnailPath, previewPath: asset.previewPath,
  };
}

interface MediaFieldProps {
  workspaceId: string;
  media: ComposerMedia[];
  onChange(media: ComposerMedia[]): void;
  /** The chosen accounts: each network's media rule is checked live. */
  channels: ReadonlyArray<{ name: string; network: string }>;
  /** The first problem (or null), for the form to hold the save back. */
  onProblem(problem: string | null): void;
}

/** The composer's images and video (loaded when opened): picked from approved assets, alt text each, checked per network. */
export default function MediaField({ workspaceId, media, onChange, channels, onProblem }: MediaFieldProps) {
  const [picking, setPicking] = useState(false);
  const urls = useSignedAssetUrls(media.map((item) => item.thumbnailPath)).data ?? {};
  const problems = channels.flatMap((channel) => {
    const check = checkPostMedia(channel.network as SocialNetwork, media);
    return check.ok ? [] : [`${channel.name}: ${check.message}`];
  });
  const first = problems[0] ?? null;
  useEffect(() => onProblem(first), [first, onProblem]);

  const update = (index: number, alt: string) => onChange(media.map((item, at) => (at === index ? { ...item, alt } : item)));
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">{copy.title}</legend>
      <p className="text-sm text-muted-foreground">{copy.hint}</p>
      <ul className="space-y-3">
        {media.map((item, index) => (
          <li key={item.assetId} className="flex gap-3 rounded-md border p-2">
            <span className="h-16 w-16 shrink-0 overflow-hidden rounded bg-muted">
              {item.thumbnailPath && urls[item.thumbnailPath] ? <img src={urls[item.thumbnailPath]} alt="" className="h-full w-full object-cover" /> : null}
            </span>
            <label className="flex-1 space-y-1 text-sm">
              <span className="break-all font-medium">{copy.alt(item.name)}</span>
              <Textarea rows={2} value={item.alt} placeholder={copy.altPlaceholder} onChange={(event) => update(index, event.target.value)} />
            </label>
            <Button type="button" variant="ghost" size="icon" aria-label={copy.remove(item.name)} onClick={() => onChange(media.filter((_, at) => at !== index))}>
              <X className="h-4 w-4" aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      {problems.map((problem) => (
        <p key={problem} className="text-sm font-medium text-destructive">{problem}</p>
      ))}
      <Button type="button" variant="outline" onClick={() => setPicking(true)}>{copy.add}</Button>
      <AssetPickerDialog
        open={picking}
        onOpenChange={setPicking}
        workspaceId={workspaceId}
        kinds={['image', 'video']}
        onPick={(asset) => {
          if (!media.some((item) => item.assetId === asset.id)) onChange([...media, toComposerMedia(asset)]);
        }}
      />
    </fieldset>
  );
}

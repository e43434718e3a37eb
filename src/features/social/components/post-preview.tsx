import { useState } from 'react';
import { ViewSwitch } from '@/components/ui/view-switch';
import { socialMediaCopy as copy } from '@/config/social-media-copy';
import type { ComposerMedia } from '@/features/social/components/media-field';
import { NETWORK_RULES, type SocialNetwork } from '@/features/social/network-rules';
import { useLinkPreview } from '@/features/social/api/get-link-preview';
import { useSignedAssetUrls } from '@/lib/asset-urls';
import { cn } from '@/lib/utils';

export interface PreviewChannel {
  account_id: string;
  name: string;
  network: string;
  body: string;
}

interface PostPreviewProps {
  channels: readonly PreviewChannel[];
  media: readonly ComposerMedia[];
  /** A saved post: its stored link card is shown (a new post's card is fetched once it is saved). */
  postId?: string;
}

/** Phone (375 px) or desktop (600 px): the width a post is seen at. */
export const PREVIEW_WIDTHS = { phone: 375, desktop: 600 } as const;
type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

/**
 * The post as each chosen network shows it (loaded when opened, so the Social Hub's first load does not carry it):
 * its text as typed for that account, its images with their alt text (a webhook carries none), else a saved post's
 * link card, at phone or desktop width.
 */
export default function PostPreview({ channels, media, postId }: PostPreviewProps) {
  const [width, setWidth] = useState<PreviewWidth>('phone');
  const card = useLinkPreview(postId).data;
  const link = card?.status === 'ready' ? card : null;
  const urls = useSignedAssetUrls(media.map((item) => item.previewPath ?? item.thumbnailPath)).data ?? {};
  return (
    <section aria-label={copy.previewTitle} className="space-y-3">
      <ViewSwitch<PreviewWidth>
        label={copy.width}
        views={(Object.keys(PREVIEW_WIDTHS) as PreviewWidth[]).map((option) => ({ value: option, label: copy[option] }))}
        value={width}
        onChange={setWidth}
      />
      {channels.length === 0 ? <p className="text-sm text-muted-foreground">{copy.noChannels}</p> : null}
      <div className="space-y-4 overflow-x-auto">
        {channels.map((channel) => {
          const network = channel.network as SocialNetwork;
          const shown = network === 'webhook' ? [] : media;
          return (
            <article key={channel.account_id} data-testid="post-preview" style={{ width: PREVIEW_WIDTHS[width], maxWidth: '100%' }} className="rounded-xl border bg-background p-3 shadow-sm">
              <header className="mb-2 text-sm">
                <span className="font-semibold">{channel.name}</span> <span className="text-muted-foreground">· {NETWORK_RULES[network]?.label ?? channel.network}</span>
              </header>
              <p className="whitespace-pre-wrap break-words text-sm">{channel.body}</p>
              {shown.length > 0 ? (
                <div className={cn('mt-2 grid gap-1 overflow-hidden rounded-lg', shown.length > 1 && 'grid-cols-2')}>
                  {shown.map((item) => {
                    const url = urls[item.previewPath ?? item.thumbnailPath ?? ''];
                    return url && item.kind === 'image' ? (
                      <img key={item.assetId} src={url} alt={item.alt} className="aspect-video w-full object-cover" />
                    ) : (
                      <div key={item.assetId} role="img" aria-label={item.alt} className="flex aspect-video w-full items-center justify-center bg-muted text-xs text-muted-foreground">{item.name}</div>
                    );
                  })}
                </div>
              ) : null}
              {shown.length === 0 && link && network !== 'webhook' ? (
                <a href={link.url} target="_blank" rel="noreferrer" aria-label={`${copy.linkCard}: ${link.title ?? link.url}`} className="mt-2 block overflow-hidden rounded-lg border text-sm">
                  {link.image_url ? <img src={link.image_url} alt="" className="aspect-video w-full object-cover" /> : null}
                  <span className="block p-2">
                    <span className="block font-semibold">{link.title}</span>
                    {link.description ? <span className="block text-muted-foreground">{link.description}</span> : null}
                    <span className="block break-all text-xs text-muted-foreground">{new URL(link.url).host}</span>
                  </span>
                </a>
              ) : null}
            </article>
          );
        })}
      </div>
    </section>
  );
}

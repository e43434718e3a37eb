import { countGraphemes, NETWORK_RULES, type SocialNetwork } from './network-rules';

/**
 * Each network's media rule as its API documents it (decision 0022, "Media"), checked live in the composer and again
 * by the publishing job (server/src/modules/social/post-media.ts) with this same code:
 *   Bluesky: app.bsky.embed.images takes at most 4 images, each an `image/*` blob; we keep to 1,000,000 bytes (the
 *     limit PDSs and apps enforced until the lexicon allowed 2 MB) and to 2,000 graphemes of alt text (Bluesky's app
 *     limit; the lexicon sets none). Video goes through Bluesky's separate video service (video.bsky.app), which
 *     cannot run here, so video is refused for Bluesky with a message saying so.
 *   Mastodon: at most 4 attachments (configuration.statuses.max_media_attachments), images up to 16 MiB
 *     (configuration.media_attachments.image_size_limit of mastodon.social's /api/v2/instance: 16,777,216), one video
 *     alone up to 99 MiB (video_size_limit: 103,809,024), a description of at most 1,500 characters. An instance may
 *     set other figures: its refusal is recorded on the post in its own words.
 *   Webhook: the receiver gets text only (no media yet), so a post with media is refused there rather than sent
 *     without it.
 * Every image and video needs alt text (a description for people who cannot see it).
 */
export type MediaKind = 'image' | 'video' | 'audio' | 'pdf' | 'document' | 'other';

export interface PostMedia {
  assetId: string;
  name: string;
  kind: MediaKind;
  mimeType: string;
  sizeBytes: number;
  alt: string;
}

export interface MediaRule {
  maxItems: number;
  maxImageBytes: number;
  imageTypes: readonly string[];
  /** Null when the network takes no video here (`noVideo` says why). */
  video: { maxBytes: number; types: readonly string[] } | null;
  noVideo?: string;
  /** Null when the channel takes no media at all (`noMedia` says why). */
  noMedia?: string;
  maxAlt: number;
  altCounts: 'graphemes' | 'characters';
}

const MB = 1024 * 1024;

export const MEDIA_RULES: Record<SocialNetwork, MediaRule> = {
  bluesky: {
    maxItems: 4,
    maxImageBytes: 1_000_000,
    imageTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
    video: null,
    noVideo: 'Bluesky takes video through its own video service, which this server does not use yet: choose images for Bluesky, or post the video to Mastodon.',
    maxAlt: 2000,
    altCounts: 'graphemes',
  },
  mastodon: {
    maxItems: 4,
    maxImageBytes: 16 * MB,
    imageTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/heif', 'image/avif'],
    video: { maxBytes: 99 * MB, types: ['video/mp4', 'video/webm', 'video/quicktime'] },
    maxAlt: 1500,
    altCounts: 'characters',
  },
  webhook: {
    maxItems: 0,
    maxImageBytes: 0,
    imageTypes: [],
    video: null,
    noMedia: 'The webhook channel sends text only: remove the images, or untick the webhook channel for this post.',
    maxAlt: 0,
    altCounts: 'characters',
  },
};

export interface MediaCheck {
  ok: boolean;
  /** The first problem in plain words, or null. */
  message: string | null;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1_000_000) * 10) / 10} MB`;

/** A post's media against one network's rule: the first problem, in plain words. */
export function checkPostMedia(network: SocialNetwork, media: readonly PostMedia[]): MediaCheck {
  const rule = MEDIA_RULES[network];
  const label = NETWORK_RULES[network].label;
  const fail = (message: string): MediaCheck => ({ ok: false, message });
  if (media.length === 0) return { ok: true, message: null };
  if (rule.noMedia) return fail(rule.noMedia);
  if (media.length > rule.maxItems) return fail(`${label} takes at most ${rule.maxItems} images: remove ${media.length - rule.maxItems}.`);
  const videos = media.filter((item) => item.kind === 'video');
  if (videos.length > 0 && !rule.video) return fail(rule.noVideo ?? `${label} takes no video.`);
  if (videos.length > 0 && media.length > 1) return fail(`${label} takes one video on its own: remove the other files, or post them separately.`);
  for (const [index, item] of media.entries()) {
    const which = `“${item.name}”`;
    if (item.kind === 'video') {
      if (!rule.video!.types.includes(item.mimeType)) return fail(`${label} takes MP4, WebM or QuickTime video: ${which} is ${item.mimeType}.`);
      if (item.sizeBytes > rule.video!.maxBytes) return fail(`${label} takes videos up to ${megabytes(rule.video!.maxBytes)}: ${which} is ${megabytes(item.sizeBytes)}.`);
    } else if (item.kind === 'image') {
      if (!rule.imageTypes.includes(item.mimeType)) return fail(`${label} does not take ${item.mimeType} images (${which}): use JPEG, PNG, WebP or GIF.`);
      if (item.sizeBytes > rule.maxImageBytes) return fail(`${label} takes images up to ${megabytes(rule.maxImageBytes)}: ${which} is ${megabytes(item.sizeBytes)}.`);
    } else {
      return fail(`${which} is not an image or a video.`);
    }
    const alt = item.alt.trim();
    if (alt === '') return fail(`Describe ${item.kind} ${index + 1} (${which}) for people who cannot see it: alt text is required.`);
    const used = rule.altCounts === 'graphemes' ? countGraphemes(alt) : [...alt].length;
    if (used > rule.maxAlt) return fail(`${label} takes alt text up to ${rule.maxAlt} characters: the one of ${which} is ${used - rule.maxAlt} too long.`);
  }
  return { ok: true, message: null };
}

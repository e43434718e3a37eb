import { checkPostMedia, type MediaKind } from '../../../../src/features/social/media-rules';
import type { SocialNetwork } from '../../../../src/features/social/network-rules';
import type { Sql } from '../../db/client';
import { ASSETS_BUCKET } from '../../jobs/assets/asset-jobs';
import type { ObjectStore } from '../../jobs/assets/object-store';

/** One image or video of a post, read from Storage, ready for a connector to upload. */
export interface MediaToSend {
  name: string;
  kind: MediaKind;
  mimeType: string;
  bytes: Buffer;
  alt: string;
}

export interface LinkToSend {
  url: string;
  title: string;
  description: string;
}

interface MediaRow {
  asset_id: string;
  name: string;
  kind: MediaKind;
  mime_type: string;
  size_bytes: string;
  object_path: string | null;
  alt_text: string;
  usable: boolean;
}

/** A post's media as read before the claim: the files, or why the post cannot go out with them. */
export interface LoadedMedia {
  media: MediaToSend[];
  /** The post's link card, when its preview is ready (link-preview.ts); a failed preview is simply no card. */
  link: LinkToSend | null;
  /** In plain words, for the channel's result ("Not sent: …"); null when the media can be sent. */
  problem: string | null;
  check(network: SocialNetwork): string | null;
}

/**
 * Reads a channel's media before the channel is claimed (decision 0022, "Media"): a Storage that does not answer
 * throws here, so the job is retried with nothing claimed and nothing sent. What cannot get better by retrying — an
 * asset no longer approved, a file gone — is returned as `problem`, and the job records it on the channel after its
 * claim. `check` applies the network's media rule (media-rules.ts, the composer's own check) once the claim says
 * which network it is.
 */
export async function loadPostMedia(sql: Sql, objects: ObjectStore | undefined, workspaceId: string, channelId: string): Promise<LoadedMedia> {
  const rows = await sql<MediaRow[]>`select * from private.social_post_media_for_job(${workspaceId}, ${channelId})`;
  const [link] = await sql<LinkToSend[]>`select * from private.social_link_preview_for_job(${workspaceId}, ${channelId})`;
  const loaded = (media: MediaToSend[], problem: string | null): LoadedMedia => ({
    media,
    link: link ?? null,
    problem,
    check: (network) => {
      const checked = checkPostMedia(network, rows.map((row) => ({ assetId: row.asset_id, name: row.name, kind: row.kind, mimeType: row.mime_type, sizeBytes: Number(row.size_bytes), alt: row.alt_text })));
      return checked.message;
    },
  });
  if (rows.length === 0) return loaded([], null);
  const unusable = rows.find((row) => !row.usable || !row.object_path);
  if (unusable) return loaded([], `“${unusable.name}” is no longer an approved asset of the library: choose another file, or approve it again.`);
  if (!objects) throw new Error('this worker cannot read Storage (no Storage address): another worker or a retry sends the post');
  const media: MediaToSend[] = [];
  for (const row of rows) {
    const bytes = await objects.download(ASSETS_BUCKET, row.object_path!);
    if (!bytes) return loaded([], `The file of “${row.name}” is missing from storage: upload it again, or choose another file.`);
    media.push({ name: row.name, kind: row.kind, mimeType: row.mime_type, bytes, alt: row.alt_text });
  }
  return loaded(media, null);
}

import { assetCopy } from '@/config/asset-copy';
import { paths } from '@/config/paths';

/** Where an asset is used (private.asset_users): a content item's featured image, or an image of a campaign or template. */
export type AssetUserKind = 'content_item' | 'campaign' | 'template';

export interface AssetUser {
  id: string;
  title: string;
  kind: AssetUserKind;
  status: string | null;
}

const KINDS: readonly string[] = ['content_item', 'campaign', 'template'] satisfies AssetUserKind[];

/** One user from the database's JSON (get_asset's used_by, delete_asset's hint); null when it is not one. */
export function toAssetUser(value: unknown): AssetUser | null {
  const { id, title, kind, status } = (value ?? {}) as Record<string, unknown>;
  if (typeof id !== 'string' || typeof title !== 'string') return null;
  return {
    id,
    title,
    kind: typeof kind === 'string' && KINDS.includes(kind) ? (kind as AssetUserKind) : 'content_item',
    status: typeof status === 'string' ? status : null,
  };
}

/** How a user is named in the detail's list and the refused delete ("Campaign “May news” (sent: …)"). */
export function assetUserLabel(user: AssetUser): string {
  const copy = assetCopy.usage;
  if (user.kind === 'template') return copy.template(user.title);
  if (user.kind === 'campaign') return user.status === 'sent' ? copy.sentCampaign(user.title) : copy.campaign(user.title, user.status ?? 'draft');
  return copy.contentItem(user.title);
}

/** The module page where a user is changed. */
export const assetUserPath = (user: AssetUser) => (user.kind === 'content_item' ? paths.marketing.content : paths.marketing.email);

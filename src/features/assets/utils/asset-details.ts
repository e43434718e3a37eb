import { assetCopy } from '@/config/asset-copy';
import { MAX_ASSET_TAG_LENGTH, MAX_ASSET_TAGS } from '@/config/asset-options';

/** Tags typed as comma-separated text: trimmed, empty ones dropped, each once (whatever its case). */
export function parseAssetTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of text.split(',').map((part) => part.trim())) {
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** The details form's problems, as the database would refuse them. */
export function detailsErrors(values: { name: string; tags: string }): Partial<Record<'name' | 'tags', string>> {
  const errors: Partial<Record<'name' | 'tags', string>> = {};
  const name = values.name.trim();
  if (name.length < 1 || name.length > 255) errors.name = assetCopy.detail.nameRequired;
  const tags = parseAssetTags(values.tags);
  const long = tags.find((tag) => tag.length > MAX_ASSET_TAG_LENGTH);
  if (tags.length > MAX_ASSET_TAGS) errors.tags = assetCopy.detail.tooManyTags(MAX_ASSET_TAGS);
  else if (long) errors.tags = assetCopy.detail.tagTooLong(long, MAX_ASSET_TAG_LENGTH);
  return errors;
}

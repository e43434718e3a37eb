/** Value lists of the asset library (decision 0021); the database checks the same lists. */
export const assetKinds = [
  { value: 'image', label: 'Image' },
  { value: 'video', label: 'Video' },
  { value: 'audio', label: 'Audio' },
  { value: 'pdf', label: 'PDF' },
  { value: 'document', label: 'Document' },
  { value: 'other', label: 'Other' },
] as const;

export const assetStatuses = [
  { value: 'draft', label: 'Draft', tone: 'grey' },
  { value: 'in_review', label: 'In Review', tone: 'yellow' },
  { value: 'approved', label: 'Approved', tone: 'green' },
  { value: 'changes_requested', label: 'Changes Requested', tone: 'red' },
] as const;

export const assetSorts = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'updated', label: 'Recently changed' },
  { value: 'name', label: 'Name' },
  { value: 'size', label: 'Largest first' },
] as const;

/** How long a share link works. */
export const shareLinkExpiries = [
  { value: 3600, label: '1 hour' },
  { value: 86400, label: '1 day' },
  { value: 7 * 86400, label: '7 days' },
  { value: 30 * 86400, label: '30 days' },
] as const;

export type AssetKind = (typeof assetKinds)[number]['value'];
export type AssetStatus = (typeof assetStatuses)[number]['value'];
export type AssetSort = (typeof assetSorts)[number]['value'];

/** Assets one page of the library shows. */
export const ASSET_PAGE_SIZE = 24;
/** Files one drop may bring at once. */
export const MAX_FILES_PER_DROP = 50;
/** TUS chunks, as Supabase's guide for resumable uploads says. */
export const UPLOAD_CHUNK_BYTES = 6 * 1024 * 1024;
/** Tags on one asset, and the length of one (the database checks the same). */
export const MAX_ASSET_TAGS = 30;
export const MAX_ASSET_TAG_LENGTH = 40;
/** Signed URLs of previews and thumbnails live this long; the lists read them again before. */
export const PREVIEW_URL_SECONDS = 3600;

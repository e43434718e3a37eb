import { contentCopy } from '@/config/content-copy';
import { CONTENT_DEFAULTS, type ContentStatus, type ContentType } from '@/config/content-options';
import { isSchedulableMoment } from '@/features/content/utils/calendar';
import { fromDateTimeInput, toDateTimeInput } from '@/lib/datetime-local';
import type { Tables, TablesInsert } from '@/types/database';

export type ContentItem = Tables<'content_items'>;

/** The fields the dialog edits, as typed (tags as comma-separated text). */
export interface ContentFormValues {
  title: string;
  contentType: ContentType;
  status: ContentStatus;
  content: string;
  excerpt: string;
  featuredImageUrl: string;
  /** An approved asset of the library chosen as the featured image (featuredImageUrl is then its public copy). */
  featuredAssetId: string | null;
  tags: string;
  seoTitle: string;
  seoDescription: string;
  /** The planned publish moment as an <input type="datetime-local"> holds it (local time); '' for none. */
  plannedPublishAt: string;
  /** Published automatically at the planned moment (otherwise the date is only a plan). */
  publishOnSchedule: boolean;
}

/** What is sent on insert and update: the form fields; organization and author are added by the create call. */
export type ContentItemInput = Pick<
  TablesInsert<'content_items'>,
  'title' | 'content_type' | 'status' | 'content' | 'excerpt' | 'featured_image_url' | 'featured_asset_id' | 'tags' | 'seo_title' | 'seo_description' | 'planned_publish_at' | 'publish_on_schedule'
>;

export type ContentFormErrors = Partial<Record<'title' | 'featuredImageUrl' | 'tags' | 'plannedPublishAt', string>>;

/** The database's limits: tags per item, characters per tag. */
export const MAX_TAGS = 50;
export const MAX_TAG_LENGTH = 50;

/** Spec §5: tags typed as comma-separated text, trimmed, empty entries dropped. */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** Tags shown back as text when editing. */
export function tagsToText(tags: readonly string[] | null | undefined): string {
  return (tags ?? []).join(', ');
}

/** An absolute http(s) address without spaces, as the database's check wants it. */
export function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

export function emptyContentForm(): ContentFormValues {
  return {
    title: '',
    contentType: CONTENT_DEFAULTS.content_type,
    status: CONTENT_DEFAULTS.status,
    content: '',
    excerpt: '',
    featuredImageUrl: '',
    featuredAssetId: null,
    tags: '',
    seoTitle: '',
    seoDescription: '',
    plannedPublishAt: '',
    publishOnSchedule: false,
  };
}

/** A stored row → the dialog's fields (null → ''); no row → the defaults of a new item (article, draft). */
export function contentFormValues(item: ContentItem | null): ContentFormValues {
  if (!item) return emptyContentForm();
  return {
    title: item.title,
    contentType: item.content_type as ContentType,
    status: item.status as ContentStatus,
    content: item.content ?? '',
    excerpt: item.excerpt ?? '',
    featuredImageUrl: item.featured_image_url ?? '',
    featuredAssetId: item.featured_asset_id ?? null,
    tags: tagsToText(item.tags),
    seoTitle: item.seo_title ?? '',
    seoDescription: item.seo_description ?? '',
    plannedPublishAt: toDateTimeInput(item.planned_publish_at),
    publishOnSchedule: item.publish_on_schedule,
  };
}

/**
 * The dialog's checks, as the database makes them. `initial`: the fields as the dialog opened (an item whose schedule
 * has passed may still be saved while its moment stays as it was); `now`: the clock the past is measured by.
 */
export function validateContentForm(values: ContentFormValues, initial?: ContentFormValues, now = new Date()): ContentFormErrors {
  const errors: ContentFormErrors = {};
  if (values.title.trim() === '') errors.title = contentCopy.errors.titleRequired;
  const url = values.featuredImageUrl.trim();
  if (url !== '' && !isHttpUrl(url)) errors.featuredImageUrl = contentCopy.errors.urlInvalid;
  const tags = parseTags(values.tags);
  const longTag = tags.find((tag) => tag.length > MAX_TAG_LENGTH);
  if (tags.length > MAX_TAGS) errors.tags = contentCopy.errors.tooManyTags(MAX_TAGS);
  else if (longTag) errors.tags = contentCopy.errors.tagTooLong(longTag, MAX_TAG_LENGTH);
  const moment = fromDateTimeInput(values.plannedPublishAt);
  if (moment === undefined) errors.plannedPublishAt = contentCopy.errors.plannedInvalid;
  else if (moment && values.publishOnSchedule && canPublishOnSchedule(values) && !isSchedulableMoment(moment, now)) {
    const unmoved = initial?.publishOnSchedule === true && initial.plannedPublishAt === values.plannedPublishAt;
    if (!unmoved) errors.plannedPublishAt = contentCopy.errors.scheduleInPast;
  }
  return errors;
}

export interface SeoLengthHint {
  text: string;
  /** Past the recommended length: search results usually cut the text off. */
  isOver: boolean;
}

/** The SEO fields' length hint: characters typed against the recommended length, and whether it is exceeded. */
export function seoLengthHint(length: number, recommended: number): SeoLengthHint {
  return { text: contentCopy.hints.seoLength(length, recommended), isOver: length > recommended };
}

/** Whether "publish automatically" applies: a planned moment, and an item not yet published nor archived. */
export function canPublishOnSchedule(values: Pick<ContentFormValues, 'plannedPublishAt' | 'status'>): boolean {
  return Boolean(fromDateTimeInput(values.plannedPublishAt)) && values.status !== 'published' && values.status !== 'archived';
}

/** Empty (or blank) optional text is stored as null, not as ''. */
function optional(text: string): string | null {
  return text.trim() === '' ? null : text;
}

/** The dialog's fields → the row to send: title and URL trimmed, blank optional fields null, tags parsed. */
export function contentItemInput(values: ContentFormValues): ContentItemInput {
  return {
    title: values.title.trim(),
    content_type: values.contentType,
    status: values.status,
    content: optional(values.content),
    excerpt: optional(values.excerpt),
    featured_image_url: optional(values.featuredImageUrl.trim()),
    // The library's asset goes with its address only: a typed address is no asset.
    featured_asset_id: values.featuredImageUrl.trim() === '' ? null : values.featuredAssetId,
    tags: parseTags(values.tags),
    seo_title: optional(values.seoTitle.trim()),
    seo_description: optional(values.seoDescription.trim()),
    planned_publish_at: fromDateTimeInput(values.plannedPublishAt) ?? null,
    // Only with a date and something left to publish (the database clears it otherwise too).
    publish_on_schedule: canPublishOnSchedule(values) && values.publishOnSchedule,
  };
}

/**
 * The database's words when it refuses a featured image from the asset library (not approved, not ready, not this
 * workspace's, an address that is not the asset's): written for people, so shown as they are; null otherwise.
 */
export function featuredAssetRefusal(error: unknown): string | null {
  const { code, details, message } = (error ?? {}) as { code?: unknown; details?: unknown; message?: unknown };
  return code === 'P0001' && typeof details === 'string' && details.startsWith('featured_asset_') && typeof message === 'string' ? message : null;
}

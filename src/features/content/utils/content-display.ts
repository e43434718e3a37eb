import type { BadgeProps } from '@/components/ui/badge';
import { contentStatuses, contentTypes, EXCERPT_PREVIEW_LENGTH } from '@/config/content-options';
import { truncate } from '@/lib/format';

export interface StatusBadge {
  label: string;
  variant: NonNullable<BadgeProps['variant']>;
}

/** Spec §4: published green, draft grey, review yellow ('In Review'), archived red; anything else neutral. */
export function contentStatusBadge(status: string): StatusBadge {
  const known = contentStatuses.find((entry) => entry.value === status);
  return known ? { label: known.label, variant: known.tone } : { label: status, variant: 'outline' };
}

export function contentTypeLabel(type: string): string {
  return contentTypes.find((entry) => entry.value === type)?.label ?? type;
}

/** Spec §2/§9: the excerpt preview in the table, 100 characters. */
export function excerptPreview(excerpt: string | null): string {
  return truncate(excerpt, EXCERPT_PREVIEW_LENGTH);
}

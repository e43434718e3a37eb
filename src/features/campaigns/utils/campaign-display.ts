import type { BadgeProps } from '@/components/ui/badge';
import { campaignCopy } from '@/config/campaign-copy';
import { campaignStatuses, DESCRIPTION_PREVIEW_LENGTH } from '@/config/campaign-options';
import { formatDay, formatMoney, truncate } from '@/lib/format';

export interface StatusBadge {
  label: string;
  variant: NonNullable<BadgeProps['variant']>;
}

/** Spec §4: active green, draft grey, paused yellow, completed blue; anything else neutral. */
export function campaignStatusBadge(status: string): StatusBadge {
  const known = campaignStatuses.find((entry) => entry.value === status);
  return known ? { label: known.label, variant: known.tone } : { label: status, variant: 'outline' };
}

/** Spec §2/§9: the description preview of a row, 40 characters. */
export function descriptionPreview(description: string | null): string {
  return truncate(description, DESCRIPTION_PREVIEW_LENGTH);
}

/** Budget as money, or 'N/A' when there is none (0 is a budget). */
export function budgetText(budget: number | null, locale?: string): string {
  return budget === null ? campaignCopy.notAvailable : formatMoney(Number(budget), locale);
}

/** A calendar date, or 'N/A'. */
export function dayText(day: string | null, locale?: string): string {
  return day ? formatDay(day, locale) : campaignCopy.notAvailable;
}

/** 'start – end', 'From start', 'Until end' or 'N/A'. */
export function timelineText(start: string | null, end: string | null, locale?: string): string {
  if (start && end) return `${formatDay(start, locale)} – ${formatDay(end, locale)}`;
  if (start) return campaignCopy.details.from(formatDay(start, locale));
  if (end) return campaignCopy.details.until(formatDay(end, locale));
  return campaignCopy.notAvailable;
}

export function campaignTypeLabel(type: string): string {
  return campaignCopy.typeLabels[type] ?? type;
}

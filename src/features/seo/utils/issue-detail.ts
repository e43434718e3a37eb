import { isSeoCheckId, SEO_CHECKS, SEVERITY_WEIGHT, type SeoCheck, type SeoSeverity } from '@/config/seo-checks';
import type { Json } from '@/types/database';

/** The catalogue's entry of a check; an unknown id (a newer crawler's) gets a neutral one. */
export function checkInfo(checkId: string): SeoCheck {
  if (isSeoCheckId(checkId)) return SEO_CHECKS[checkId];
  return { severity: 'notice', scope: 'page', title: checkId.replace(/_/g, ' '), why: '', fix: '' };
}

export function asSeverity(value: string): SeoSeverity {
  return value in SEVERITY_WEIGHT ? (value as SeoSeverity) : 'notice';
}

const kilobytes = (bytes: number) => `${Math.round(bytes / 102.4) / 10} KB`;

function itemText(item: Json): string {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return String(item);
  const record = item as Record<string, Json>;
  const main = record.href ?? record.location ?? record.text ?? record.hreflang ?? JSON.stringify(record);
  const extras = [
    record.text !== undefined && record.href !== undefined ? `“${String(record.text)}”` : null,
    record.status !== undefined && record.status !== null ? `HTTP ${String(record.status)}` : null,
    record.error ? String(record.error) : null,
    record.reason ? String(record.reason) : null,
    record.lang ? String(record.lang) : null,
  ].filter(Boolean);
  return extras.length > 0 ? `${String(main)} (${extras.join(', ')})` : String(main);
}

/**
 * An issue's detail (what the crawler recorded: a status, a length, the offending links or images…) as short lines to
 * show under the page it is about. Unknown fields are left out; lists give one line each.
 */
export function detailLines(detail: Json): string[] {
  if (detail === null || typeof detail !== 'object' || Array.isArray(detail)) return [];
  const record = detail as Record<string, Json>;
  const lines: string[] = [];
  if (typeof record.status === 'number') lines.push(`HTTP ${record.status}`);
  if (typeof record.reason === 'string') lines.push(record.reason);
  if (typeof record.message === 'string') lines.push(record.message);
  if (typeof record.length === 'number') lines.push(`${record.length} characters${typeof record.title === 'string' ? `: “${record.title}”` : ''}`);
  if (typeof record.bytes === 'number') lines.push(kilobytes(record.bytes));
  if (typeof record.ms === 'number') lines.push(`${(record.ms / 1000).toFixed(1)} s`);
  if (typeof record.canonical === 'string') lines.push(`canonical: ${record.canonical}`);
  if (typeof record.heading === 'string') lines.push(`${record.heading}: ${String(record.text ?? '')}`);
  if (typeof record.count === 'number' && record.count > 1) lines.push(`${record.count} in all`);
  for (const key of ['sources', 'missing', 'images', 'hrefs', 'links', 'others', 'alternates', 'hops', 'errors'] as const) {
    const list = record[key];
    if (Array.isArray(list)) lines.push(...list.map(itemText));
  }
  return lines;
}

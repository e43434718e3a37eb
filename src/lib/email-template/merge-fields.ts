/**
 * Merge fields: `{{first_name}}` or, with a fallback for a contact without one, `{{first_name|there}}`. They may stand
 * in the subject, the preheader, headings, texts and button labels. Filled per recipient at sending time in one pass,
 * so a value that itself looks like a merge field stays text; in HTML every value is escaped.
 *
 * The renderer's own placeholders start with `@` (a name a person cannot type as a field): `{{@unsubscribe}}`,
 * `{{@open}}`, `{{@link:3}}` — the unsubscribe URL, the open pixel and the third link of the message.
 */

export const MERGE_FIELDS = ['first_name', 'last_name', 'full_name', 'email', 'company', 'job_title', 'workspace_name'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export type MergeValues = Partial<Record<MergeField, string | null>>;

/** The renderer's placeholders, per recipient. */
export interface MessagePlaceholders {
  unsubscribeUrl: string;
  /** The open pixel's `<img>`, or '' when opens are not tracked. */
  openPixel: string;
  /** The URL standing for the message's n-th link (a click redirect, or the link itself). */
  link(index: number): string;
}

const PATTERN = /\{\{\s*(@?[a-z_]+(?::\d{1,4})?)\s*(?:\|([^{}]{0,200}))?\}\}/g;

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The field names a text uses that are not merge fields (the editor warns about them). */
export function unknownMergeFields(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(PATTERN)) {
    const name = match[1]!;
    if (!name.startsWith('@') && !(MERGE_FIELDS as readonly string[]).includes(name)) unknown.add(name);
  }
  return [...unknown];
}

/** A field's value on one line (names and companies never hold line breaks that mean anything). */
function valueOf(values: MergeValues, name: string): string {
  const raw = name === 'full_name' ? [values.first_name, values.last_name].filter((part) => part && part.trim()).join(' ') : (values[name as MergeField] ?? '');
  return raw.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * Fills a rendered text. `mode` html: values escaped, the fallback kept as the renderer escaped it; text: as they are;
 * header: as text, then on one line. An unknown field becomes its fallback (or nothing).
 */
export function fillMergeFields(source: string, values: MergeValues, mode: 'html' | 'text' | 'header', placeholders?: MessagePlaceholders): string {
  const filled = source.replace(PATTERN, (whole, name: string, fallback: string | undefined) => {
    if (name.startsWith('@')) {
      if (!placeholders) return whole;
      if (name === '@unsubscribe') return mode === 'html' ? escapeHtml(placeholders.unsubscribeUrl) : placeholders.unsubscribeUrl;
      if (name === '@open') return mode === 'html' ? placeholders.openPixel : '';
      const link = /^@link:(\d+)$/.exec(name);
      if (link) return mode === 'html' ? escapeHtml(placeholders.link(Number(link[1]))) : placeholders.link(Number(link[1]));
      return '';
    }
    const known = (MERGE_FIELDS as readonly string[]).includes(name) ? valueOf(values, name) : '';
    if (known) return mode === 'html' ? escapeHtml(known) : known;
    return (fallback ?? '').trim();
  });
  return mode === 'header' ? filled.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ').replace(/\s+/g, ' ').trim() : filled;
}

/** Sample values for previews and tests sent to oneself. */
export const SAMPLE_MERGE_VALUES: MergeValues = {
  first_name: 'Dana',
  last_name: 'Reyes',
  email: 'dana@example.com',
  company: 'Northwind',
  job_title: 'Marketing lead',
};

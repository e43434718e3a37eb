/**
 * What a search box's text becomes in a data API request (PostgREST grammar, both backends).
 */

/** At most this many words of a search are used (a pasted paragraph must not become a huge query). */
const MAX_WORDS = 8;

function quoteForLogicTree(value: string): string {
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/**
 * `or=(a.ilike."*text*",b.ilike."*text*")` for supabase-js' `.or()`: rows where any of `columns` contains the text,
 * in any case. LIKE's own wildcards typed by the user (% _ \) match themselves; `*` is PostgREST's wildcard and is
 * dropped from the text. null for a blank search (no filter).
 */
export function containsAnyOf(columns: readonly string[], text: string): string | null {
  const needle = text.trim().replaceAll('*', '').replace(/[\\%_]/g, (char) => `\\${char}`);
  if (!needle) return null;
  return columns.map((column) => `${column}.ilike.${quoteForLogicTree(`*${needle}*`)}`).join(',');
}

/**
 * A full-text query (`to_tsquery('simple', …)`) matching rows that have every typed word as the start of a word:
 * 'dana north' → `dana:* & north:*`. Only letters, digits and the . @ - _ of names and addresses are kept (tsquery
 * operators typed by the user cannot change the query); null when nothing is left.
 */
export function prefixTsQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}.@_-]/gu, '').replace(/^[.@_-]+|[.@_-]+$/g, ''))
    .filter(Boolean)
    .slice(0, MAX_WORDS);
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}

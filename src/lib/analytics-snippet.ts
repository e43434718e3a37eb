/** What the snippet's script tag carries: where it is served, the site, and where and how it reports. */
export interface SnippetSettings {
  scriptUrl: string;
  siteId: string;
  /** Left out: the snippet reports to the address that serves it. */
  apiUrl?: string;
  /** Left out: the snippet takes the key the page carries (the own server's supabase-anon-key meta tag). */
  anonKey?: string;
  /** Only these paths are counted (data-include); '*' at the end of one for a prefix. */
  includedPaths?: readonly string[];
  /** These paths are not counted (data-exclude). */
  excludedPaths?: readonly string[];
}

function attributes(settings: SnippetSettings): [string, string][] {
  const pairs: [string, string][] = [
    ['src', settings.scriptUrl],
    ['data-site', settings.siteId],
  ];
  if (settings.apiUrl) pairs.push(['data-api', settings.apiUrl]);
  if (settings.anonKey) pairs.push(['data-key', settings.anonKey]);
  if (settings.includedPaths?.length) pairs.push(['data-include', settings.includedPaths.join(',')]);
  if (settings.excludedPaths?.length) pairs.push(['data-exclude', settings.excludedPaths.join(',')]);
  return pairs;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The one line a site owner pastes into the head of every page. */
export function snippetTag(settings: SnippetSettings): string {
  const rendered = attributes(settings).map(([name, value]) => `${name}="${escapeAttribute(value)}"`);
  return `<script defer ${rendered.join(' ')}></script>`;
}

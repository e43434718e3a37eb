/** What the snippet's script tag carries: where it is served, the site, and where and how it reports. */
export interface SnippetSettings {
  scriptUrl: string;
  siteId: string;
  apiUrl: string;
  anonKey: string;
  excludedPaths?: readonly string[];
}

function attributes(settings: SnippetSettings): [string, string][] {
  const pairs: [string, string][] = [
    ['src', settings.scriptUrl],
    ['data-site', settings.siteId],
    ['data-api', settings.apiUrl],
    ['data-key', settings.anonKey],
  ];
  if (settings.excludedPaths?.length) pairs.push(['data-exclude', settings.excludedPaths.join(',')]);
  return pairs;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The one line a site owner pastes into the head of every page. */
export function snippetTag(settings: SnippetSettings): string {
  const rendered = attributes(settings).map(([name, value]) => `${name}="${escapeAttribute(value)}"`);
  return `<script defer ${rendered.join(' ')}></script>`;
}

/** The same script added to the current document (the agency's own site, once the page is interactive). */
export function appendSnippet(settings: SnippetSettings, doc: Document = document): HTMLScriptElement {
  const script = doc.createElement('script');
  script.defer = true;
  for (const [name, value] of attributes(settings)) script.setAttribute(name, value);
  doc.head.appendChild(script);
  return script;
}

import { Parser } from 'htmlparser2';

/**
 * What an audit reads from one HTML page: parsed by htmlparser2 (a forgiving, streaming HTML parser; nothing of the
 * page is ever executed), kept as plain facts so thousands of pages fit in memory without their HTML.
 */

/** A <link> element, or a `Link:` header entry; `source` as Lighthouse has it (links in the body are not references). */
export interface LinkFact {
  rel: string;
  /** The href as written (null: no href attribute). */
  hrefRaw: string | null;
  hreflang: string | null;
  source: 'head' | 'body' | 'headers';
}

export interface AnchorFact {
  /** The href attribute as written (null: none). */
  rawHref: string | null;
  text: string;
  rel: string;
  name: string;
  role: string;
  id: string;
  /** Has an inline event handler (onclick, …): a script may make it act as a link. */
  hasListener: boolean;
  /** Has any of target, download, ping, rel, hreflang, type, referrerpolicy (attributes that belong with an href). */
  hasHrefAttributes: boolean;
}

export interface ImageFact {
  src: string;
  /** alt present, or a name from aria-label / aria-labelledby / title, or presentational: not a failure. */
  hasTextAlternative: boolean;
}

export interface MetaFact {
  name: string;
  property: string;
  content: string;
}

export interface PageFacts {
  /** Text of the first <title> (null: none). */
  title: string | null;
  metas: MetaFact[];
  lang: string | null;
  headings: { level: number; text: string }[];
  images: ImageFact[];
  links: LinkFact[];
  anchors: AnchorFact[];
  /** Raw text of each <script type="application/ld+json">. */
  jsonLd: string[];
  /** <base href> as written, when present. */
  baseHref: string | null;
}

const HEAD_ELEMENTS = new Set(['title', 'meta', 'link', 'script', 'style', 'base', 'noscript', 'template']);
const HREF_ATTRIBUTES = ['target', 'download', 'ping', 'rel', 'hreflang', 'type', 'referrerpolicy'];
const RAW_TEXT = new Set(['script', 'style', 'template', 'noscript', 'textarea']);
const MAX_TEXT = 500;
/** A page with more of these keeps the first ones: enough to judge it, bounded memory. */
const MAX_ITEMS = 2_000;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

export function analyzeHtml(html: string): PageFacts {
  const facts: PageFacts = { title: null, metas: [], lang: null, headings: [], images: [], links: [], anchors: [], jsonLd: [], baseHref: null };
  let inHead = true;
  let seenHtml = false;
  // Open elements whose text is collected: the title, a heading, an anchor, a JSON-LD script.
  let titleText: string | null = null;
  let heading: { level: number; text: string } | null = null;
  const anchors: AnchorFact[] = [];
  let jsonLdText: string | null = null;
  let rawDepth = 0;

  const leaveHead = () => {
    inHead = false;
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'html') {
          if (!seenHtml && attributes.lang !== undefined) facts.lang = attributes.lang;
          seenHtml = true;
          return;
        }
        if (name === 'head') return;
        if (name === 'body') return leaveHead();
        if (inHead && !HEAD_ELEMENTS.has(name)) leaveHead();
        if (RAW_TEXT.has(name)) rawDepth += 1;
        switch (name) {
          case 'title':
            if (facts.title === null && titleText === null && inHead) titleText = '';
            break;
          case 'meta':
            if (facts.metas.length < MAX_ITEMS) {
              facts.metas.push({ name: (attributes.name ?? '').toLowerCase(), property: (attributes.property ?? '').toLowerCase(), content: attributes.content ?? '' });
            }
            break;
          case 'base':
            if (facts.baseHref === null && attributes.href !== undefined) facts.baseHref = attributes.href;
            break;
          case 'link':
            if (facts.links.length < MAX_ITEMS) {
              facts.links.push({ rel: (attributes.rel ?? '').trim().toLowerCase(), hrefRaw: attributes.href ?? null, hreflang: attributes.hreflang ?? null, source: inHead ? 'head' : 'body' });
            }
            break;
          case 'script':
            if ((attributes.type ?? '').trim().toLowerCase() === 'application/ld+json') jsonLdText = '';
            break;
          case 'img':
            if (facts.images.length < MAX_ITEMS) facts.images.push({ src: attributes.src ?? '', hasTextAlternative: hasTextAlternative(attributes) });
            break;
          case 'a':
            anchors.push({
              rawHref: attributes.href ?? null,
              text: '',
              rel: (attributes.rel ?? '').toLowerCase(),
              name: attributes.name ?? '',
              role: attributes.role ?? '',
              id: attributes.id ?? '',
              hasListener: Object.keys(attributes).some((attribute) => attribute.startsWith('on')),
              hasHrefAttributes: HREF_ATTRIBUTES.some((attribute) => attribute in attributes),
            });
            break;
          default:
            if (/^h[1-6]$/.test(name) && heading === null) heading = { level: Number(name[1]), text: '' };
        }
      },
      ontext(data) {
        if (titleText !== null) {
          titleText += data;
          return;
        }
        if (jsonLdText !== null) {
          jsonLdText += data;
          return;
        }
        if (rawDepth > 0) return;
        if (inHead && data.trim() !== '') leaveHead();
        if (heading && heading.text.length < MAX_TEXT) heading.text += data;
        for (const anchor of anchors) if (anchor.text.length < MAX_TEXT) anchor.text += data;
      },
      onclosetag(name) {
        if (name === 'head') return leaveHead();
        if (RAW_TEXT.has(name) && rawDepth > 0) rawDepth -= 1;
        if (name === 'title' && titleText !== null) {
          facts.title = collapse(titleText);
          titleText = null;
        } else if (name === 'script' && jsonLdText !== null) {
          if (facts.jsonLd.length < 50) facts.jsonLd.push(jsonLdText);
          jsonLdText = null;
        } else if (/^h[1-6]$/.test(name) && heading) {
          if (facts.headings.length < MAX_ITEMS) facts.headings.push({ level: heading.level, text: collapse(heading.text) });
          heading = null;
        } else if (name === 'a' && anchors.length > 0) {
          const anchor = anchors.pop()!;
          if (facts.anchors.length < MAX_ITEMS * 5) facts.anchors.push({ ...anchor, text: collapse(anchor.text) });
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return facts;
}

/** axe's image-alt in short: an alt attribute, a name from ARIA or title, or a presentational role. */
function hasTextAlternative(attributes: Record<string, string>): boolean {
  if ('alt' in attributes) return true;
  const role = (attributes.role ?? '').trim().toLowerCase();
  if (role === 'presentation' || role === 'none') return true;
  return [attributes['aria-label'], attributes['aria-labelledby'], attributes.title].some((value) => value !== undefined && value.trim() !== '');
}

/**
 * The links of an HTTP `Link` header (RFC 8288): `<https://…>; rel="canonical"`, several separated by commas.
 * Only rel and hreflang are kept.
 */
export function parseLinkHeader(value: string | undefined): LinkFact[] {
  if (!value) return [];
  const links: LinkFact[] = [];
  for (const match of value.matchAll(/<([^>]*)>([^,<]*)/g)) {
    const params = match[2] ?? '';
    const param = (key: string) => params.match(new RegExp(`;\\s*${key}\\s*=\\s*(?:"([^"]*)"|([^;\\s]*))`, 'i'));
    const rel = param('rel');
    const hreflang = param('hreflang');
    links.push({ rel: (rel?.[1] ?? rel?.[2] ?? '').trim().toLowerCase(), hrefRaw: match[1]!.trim(), hreflang: hreflang ? (hreflang[1] ?? hreflang[2] ?? null) : null, source: 'headers' });
  }
  return links;
}

import { Parser } from 'htmlparser2';
import type { Sql } from '../../db/client';
import type { OutboundClient } from '../../lib/outbound/outbound-client';
import { toOutboundError } from '../../lib/outbound/outbound-error';

export interface LinkCard {
  title: string | null;
  description: string | null;
  image: string | null;
}

/** Pages larger than this are not read for a card (the head is what matters). */
export const PREVIEW_MAX_BYTES = 1_000_000;
export const PREVIEW_TIMEOUT_MS = 5_000;

/**
 * og:title, og:description and og:image of a page (falling back to <title> and the description meta), parsed with
 * htmlparser2 as the SEO crawler parses pages (server/src/modules/seo/page-analysis.ts). Pure.
 */
export function readLinkCard(html: string, pageUrl: string): LinkCard {
  const meta: Record<string, string> = {};
  let title = '';
  let inTitle = false;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'title') inTitle = true;
      if (name !== 'meta') return;
      const key = (attributes.property ?? attributes.name ?? '').toLowerCase();
      if (key && attributes.content !== undefined && !(key in meta)) meta[key] = attributes.content.trim();
    },
    ontext(text) {
      if (inTitle) title += text;
    },
    onclosetag(name) {
      if (name === 'title') inTitle = false;
    },
  }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  let image: string | null = null;
  const rawImage = meta['og:image'] ?? meta['twitter:image'];
  if (rawImage) {
    try {
      const resolved = new URL(rawImage, pageUrl);
      if (resolved.protocol === 'https:' || resolved.protocol === 'http:') image = resolved.href;
    } catch {
      image = null;
    }
  }
  return {
    title: meta['og:title'] || title.trim() || null,
    description: meta['og:description'] || meta.description || null,
    image,
  };
}

type PageOutcome = { status: 'ready'; card: LinkCard } | { status: 'failed'; note: string };

/**
 * A page's card through the outbound client (address checks: private and loopback refused unless
 * OUTBOUND_ALLOW_PRIVATE allows them; 1 MB; 5 s): `ready`, or `failed` with the reason in words.
 */
async function readPage(outbound: OutboundClient, url: string, signal?: AbortSignal): Promise<PageOutcome> {
  try {
    const response = await outbound.request({ url, headers: { accept: 'text/html,application/xhtml+xml' }, maxBytes: PREVIEW_MAX_BYTES, truncate: true, timeoutMs: PREVIEW_TIMEOUT_MS, signal });
    const type = String(response.headers['content-type'] ?? '');
    if (response.status !== 200) return { status: 'failed', note: `The page answered HTTP ${response.status}.` };
    if (!/html/i.test(type)) return { status: 'failed', note: `The page is not HTML (${type || 'no type'}).` };
    const card = readLinkCard(response.body.toString('utf8'), response.url);
    return card.title ? { status: 'ready', card } : { status: 'failed', note: 'The page has no title to show.' };
  } catch (error) {
    return { status: 'failed', note: `The page could not be fetched (${toOutboundError(error).message}).` };
  }
}

/**
 * The `fetch_social_link_preview` job for a saved post: its first link's card recorded as `ready`, or `failed` with
 * the reason — which means no card, never a failed post.
 */
export async function fetchLinkPreview(input: { sql: Sql; outbound: OutboundClient; workspaceId: string; postId: string; url: string; signal?: AbortSignal }): Promise<string> {
  const { sql, workspaceId, postId, url } = input;
  const outcome = await readPage(input.outbound, url, input.signal);
  const card = outcome.status === 'ready' ? outcome.card : null;
  await sql`select private.record_social_link_preview(${workspaceId}, ${postId}, ${url}, ${outcome.status},
    ${card?.title ?? null}, ${card?.description ?? null}, ${card?.image ?? null}, ${outcome.status === 'failed' ? outcome.note : null})`;
  return outcome.status;
}

/**
 * The same job for the composer before the post exists (`request_social_link_preview`): the card goes to the
 * workspace's `social_link_preview_cache` row of that URL, which the composer polls.
 */
export async function fetchComposerLinkPreview(input: { sql: Sql; outbound: OutboundClient; workspaceId: string; url: string; signal?: AbortSignal }): Promise<string> {
  const { sql, workspaceId, url } = input;
  const outcome = await readPage(input.outbound, url, input.signal);
  const card = outcome.status === 'ready' ? outcome.card : null;
  await sql`select private.record_social_link_preview_cache(${workspaceId}, ${url}, ${outcome.status},
    ${card?.title ?? null}, ${card?.description ?? null}, ${card?.image ?? null}, ${outcome.status === 'failed' ? outcome.note : null})`;
  return outcome.status;
}

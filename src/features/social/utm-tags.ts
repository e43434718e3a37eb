/**
 * UTM tags on the links of a published post, so first-party analytics can count the visits it brings (issue 30,
 * point 6): utm_source = the network ('bluesky', 'mastodon', 'webhook'), utm_medium = 'social', utm_campaign =
 * 'social-' + the post id's first 8 hex digits (one campaign per post, the same on every network; the network tells
 * the channels apart). Pure, shared: the publishing job tags, public.social_post_clicks matches with the same values.
 */
export const UTM_MEDIUM = 'social';

export function utmCampaignFor(postId: string): string {
  return `social-${postId.replace(/-/g, '').slice(0, 8).toLowerCase()}`;
}

// The composer's URL pattern (network-rules.ts): http(s) up to white space, without trailing punctuation.
const URL_PATTERN = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?'")\]]/giu;

/** One URL with the post's tags; a URL already carrying any utm_ parameter is the author's own tagging: kept as it is. */
export function tagUrl(url: string, network: string, postId: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if ([...parsed.searchParams.keys()].some((key) => key.toLowerCase().startsWith('utm_'))) return url;
  parsed.searchParams.append('utm_source', network);
  parsed.searchParams.append('utm_medium', UTM_MEDIUM);
  parsed.searchParams.append('utm_campaign', utmCampaignFor(postId));
  return parsed.toString();
}

/** Every link of a post's text tagged (tagUrl). */
export function tagLinks(text: string, network: string, postId: string): string {
  return text.replace(URL_PATTERN, (url) => tagUrl(url, network, postId));
}

import { toOutboundError } from '../../lib/outbound/outbound-error';
import { count, type FiguresAnswer, type FiguresFetcher } from './post-figures';

/**
 * Mastodon's figures: GET /api/v1/statuses/:id with the account's token (docs.joinmastodon.org/methods/statuses/#get):
 * favourites_count, reblogs_count, replies_count of the Status entity. One request per post (each counts towards the
 * account's 300 requests per 5 minutes). Its contract test: tests/integration/social-figures-mastodon-contract.test.ts.
 */
export const mastodonFigures: FiguresFetcher = {
  async fetch(credential, externalIds, { outbound, signal }) {
    const instance = new URL(credential.url).origin;
    const answer: FiguresAnswer = new Map();
    for (const id of externalIds) {
      let response;
      try {
        response = await outbound.request({ url: `${instance}/api/v1/statuses/${encodeURIComponent(id)}`, headers: { authorization: `Bearer ${credential.secret}`, accept: 'application/json' }, signal, maxRedirects: 0 });
      } catch (error) {
        answer.set(id, { message: `${instance} could not be reached for figures (${toOutboundError(error).message}).` });
        continue;
      }
      answer.set(id, mastodonStatusFigures(response.status, response.body));
    }
    return answer;
  },
};

/** What an answer to GET /api/v1/statuses/:id means (pure; unit-tested). */
export function mastodonStatusFigures(status: number, body: Buffer): FiguresAnswer extends Map<string, infer V> ? V : never {
  if (status === 200) {
    try {
      const parsed = JSON.parse(body.toString('utf8')) as { favourites_count?: unknown; reblogs_count?: unknown; replies_count?: unknown };
      return { likes: count(parsed.favourites_count), reposts: count(parsed.reblogs_count), replies: count(parsed.replies_count) };
    } catch {
      return { message: 'Mastodon answered with something that is not a status.' };
    }
  }
  if (status === 404) return { message: 'Mastodon no longer has this post (deleted).' };
  if (status === 401 || status === 403) return { message: `Mastodon refused the account’s token (HTTP ${status}). Reconnect the account.` };
  if (status === 429) return { message: 'Mastodon is limiting this account’s requests (HTTP 429); figures come with the next fetch.' };
  return { message: `Mastodon answered HTTP ${status} instead of the figures.` };
}

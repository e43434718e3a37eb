import { AtpAgent } from '@atproto/api';
import { findOutboundError } from '../../lib/outbound/outbound-error';
import { allWith, chunks, count, type FiguresAnswer, type FiguresFetcher } from './post-figures';
import { outboundFetch } from './social-connector';

function reason(error: unknown): string {
  const status = (error as { status?: unknown }).status;
  const outbound = findOutboundError(error);
  if (outbound) return outbound.message;
  return typeof status === 'number' && status >= 100 ? `HTTP ${status}: ${(error as Error).message}` : (error as Error).message;
}

/**
 * Bluesky's figures: app.bsky.feed.getPosts (likeCount, repostCount, replyCount; 25 URIs a request), asked of the
 * account's PDS, which passes app.bsky.* calls on to its AppView (api.bsky.app for bsky.social accounts): the PDS
 * alone holds only the account's own records, while likes and reposts live in the repositories of the people who
 * made them, so counting them is the AppView's work. Signed in as the account (createSession: 30 per 5 minutes per
 * handle, so one sign-in per account per fetch).
 */
export const blueskyFigures: FiguresFetcher = {
  async fetch(credential, externalIds, { outbound, signal }) {
    const agent = new AtpAgent({ service: credential.url, fetch: outboundFetch(outbound, signal) });
    try {
      await agent.login({ identifier: credential.identifier, password: credential.secret });
    } catch (error) {
      return allWith(externalIds, `Bluesky did not let the account sign in to read figures (${reason(error)}).`);
    }
    const answer: FiguresAnswer = new Map();
    for (const uris of chunks(externalIds, 25)) {
      try {
        const { data } = await agent.app.bsky.feed.getPosts({ uris });
        const found = new Map(data.posts.map((post) => [post.uri, post]));
        for (const uri of uris) {
          const post = found.get(uri);
          answer.set(uri, post ? { likes: count(post.likeCount), reposts: count(post.repostCount), replies: count(post.replyCount) } : { message: 'Bluesky no longer shows this post (deleted, or not yet seen by its app view).' });
        }
      } catch (error) {
        for (const uri of uris) answer.set(uri, { message: `Bluesky did not give figures (${reason(error)}).` });
      }
    }
    return answer;
  },
};

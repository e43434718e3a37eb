import { AtpAgent, RichText, type AppBskyEmbedExternal, type AppBskyEmbedImages } from '@atproto/api';
import { findOutboundError } from '../../lib/outbound/outbound-error';
import type { MediaToSend } from './post-media';
import { ConnectorRefusal, outboundFetch, outcomeOfFailure, type ConnectorContext, type PostToSend, type PublishOutcome, type SocialConnector, type SocialCredential } from './social-connector';

/** Status and words of an XRPC error from @atproto/api (XRPCError: `status`, `error`, `message`), if it was an answer. */
function xrpcAnswer(error: unknown): { status: number; message: string; retryAfter?: string | null } | null {
  const status = (error as { status?: unknown }).status;
  // @atproto/xrpc gives status 1 ("Unknown") when no response came back.
  if (typeof status !== 'number' || status < 100 || findOutboundError(error)) return null;
  const code = (error as { error?: string }).error;
  const message = (error as Error).message;
  // A 429 names when to come back: Retry-After, or the PDS's RateLimit-Reset (Unix seconds).
  const headers = (error as { headers?: Record<string, string> }).headers ?? {};
  const retryAfter = headers['retry-after'] ?? headers['ratelimit-reset'] ?? null;
  return { status, message: code && message && code !== message ? `${code}: ${message}` : message || code || '', retryAfter };
}

async function signIn(credential: SocialCredential, context: ConnectorContext): Promise<AtpAgent> {
  const agent = new AtpAgent({ service: credential.url, fetch: outboundFetch(context.outbound, context.signal) });
  await agent.login({ identifier: credential.identifier, password: credential.secret });
  return agent;
}

/**
 * com.atproto.repo.uploadBlob of each image, then the app.bsky.embed.images embed with each alt text. Nothing is
 * published by an upload, so any failure here is `failed` (never unconfirmed).
 */
async function uploadImages(agent: AtpAgent, media: MediaToSend[]): Promise<{ embed: AppBskyEmbedImages.Main | AppBskyEmbedExternal.Main | undefined } | PublishOutcome> {
  if (media.length === 0) return { embed: undefined };
  const images: AppBskyEmbedImages.Image[] = [];
  for (const item of media) {
    try {
      const { data } = await agent.com.atproto.repo.uploadBlob(new Uint8Array(item.bytes), { encoding: item.mimeType });
      images.push({ image: data.blob, alt: item.alt });
    } catch (error) {
      const answer = xrpcAnswer(error);
      const reason = answer ? `HTTP ${answer.status}: “${answer.message.slice(0, 300)}”` : (findOutboundError(error)?.message ?? (error as Error).message);
      return { status: 'failed', message: `Bluesky did not take the image “${item.name}” (${reason}); nothing was posted.` };
    }
  }
  return { embed: { $type: 'app.bsky.embed.images', images } };
}

/** app.bsky.feed.post's `reply`: strong refs (uri + cid) of the thread's first post and of the post it answers. */
export function replyRefs(reply: PostToSend['reply']): { root: { uri: string; cid: string }; parent: { uri: string; cid: string } } | undefined {
  if (!reply) return undefined;
  return { root: { uri: reply.root.externalId, cid: reply.root.cid ?? '' }, parent: { uri: reply.parent.externalId, cid: reply.parent.cid ?? '' } };
}

/** `https://bsky.app/profile/<handle>/post/<rkey>` for `at://<did>/app.bsky.feed.post/<rkey>`. */
export function blueskyPostUrl(handle: string, uri: string): string {
  return `https://bsky.app/profile/${handle}/post/${uri.split('/').pop()}`;
}

/**
 * Bluesky (AT Protocol) with a handle and an app password: com.atproto.server.createSession, then
 * com.atproto.repo.createRecord of an app.bsky.feed.post (links as facets), through @atproto/api over the outbound
 * client. Tested against a real PDS (tests/integration/social-bluesky.test.ts).
 */
export const blueskyConnector: SocialConnector = {
  threads: 'replies',
  async connect(credential, context) {
    try {
      const agent = await signIn(credential, context);
      return { externalId: agent.session!.did };
    } catch (error) {
      const answer = xrpcAnswer(error);
      if (answer?.status === 401) throw new ConnectorRefusal(`Bluesky refused the handle or app password (${answer.message}).`);
      if (answer) throw new ConnectorRefusal(`Bluesky answered HTTP ${answer.status} (${answer.message}).`);
      throw new ConnectorRefusal(`Could not reach ${new URL(credential.url).origin} (${findOutboundError(error)?.message ?? (error as Error).message}).`);
    }
  },

  async publish(credential, post, context) {
    let agent: AtpAgent;
    try {
      agent = await signIn(credential, context);
    } catch (error) {
      const answer = xrpcAnswer(error);
      // Signing in publishes nothing: whatever happened, the post is not out.
      if (answer) return outcomeOfFailure('Bluesky', { answer: { ...answer, status: answer.status >= 500 ? 400 : answer.status } });
      return { status: 'failed', message: `Bluesky could not be reached to sign in (${findOutboundError(error)?.message ?? (error as Error).message}); nothing was sent.` };
    }
    const text = new RichText({ text: post.text });
    text.detectFacetsWithoutResolution();
    // Links and tags; a mention needs the person's DID, which resolving handles would give (not yet).
    const facets = text.facets?.filter((facet) => facet.features.every((feature) => feature.$type !== 'app.bsky.richtext.facet#mention'));
    // The images go up first (a blob nobody references is collected by the PDS): only createRecord can publish.
    const embed = await uploadImages(agent, post.media ?? []);
    if ('status' in embed) return embed;
    // No images: the first link's card, when its preview is ready (app.bsky.embed.external; no thumbnail yet).
    if (!embed.embed && post.link) embed.embed = { $type: 'app.bsky.embed.external', external: { uri: post.link.url, title: post.link.title, description: post.link.description } };
    try {
      const { data } = await agent.com.atproto.repo.createRecord({
        repo: agent.session!.did,
        collection: 'app.bsky.feed.post',
        record: { $type: 'app.bsky.feed.post', text: text.text, facets: facets?.length ? facets : undefined, embed: embed.embed, reply: replyRefs(post.reply), createdAt: new Date().toISOString() },
      });
      return { status: 'published', url: blueskyPostUrl(agent.session!.handle, data.uri), externalId: data.uri, cid: data.cid };
    } catch (error) {
      const answer = xrpcAnswer(error);
      return answer ? outcomeOfFailure('Bluesky', { answer }) : outcomeOfFailure('Bluesky', { error });
    }
  },
};

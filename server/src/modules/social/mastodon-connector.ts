import { toOutboundError } from '../../lib/outbound/outbound-error';
import type { MediaToSend } from './post-media';
import { ConnectorRefusal, outcomeOfFailure, type ConnectorContext, type PublishOutcome, type SocialConnector } from './social-connector';

/** Mastodon's error body: `{"error": "…"}` (docs.joinmastodon.org/entities/Error). */
function errorText(body: Buffer): string {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { error?: unknown; error_description?: unknown };
    return [parsed.error, parsed.error_description].filter((part) => typeof part === 'string').join(' — ');
  } catch {
    return body.toString('utf8').slice(0, 200);
  }
}

/** How long a large upload may stay "processing" (202, then 206 from GET /api/v1/media/:id) before we give up. */
const PROCESSING_CHECKS = 10;
const PROCESSING_PAUSE_MS = 1000;

/**
 * POST /api/v2/media (multipart: `file`, `description` = the alt text) for each file, in order
 * (docs.joinmastodon.org/methods/media/#v2): 200 with the attachment, or 202 while the instance still processes it —
 * then GET /api/v1/media/:id until it answers 200 (206 = still processing). The ids go into the status as
 * `media_ids`. An upload publishes nothing, so any failure here is `failed`.
 */
async function uploadMedia(instance: string, token: string, media: MediaToSend[], { outbound, signal }: ConnectorContext): Promise<string[] | PublishOutcome> {
  const ids: string[] = [];
  for (const item of media) {
    const refused = (reason: string): PublishOutcome => ({ status: 'failed', message: `Mastodon did not take “${item.name}” (${reason}); nothing was posted.` });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(item.bytes)], { type: item.mimeType }), item.name);
    form.append('description', item.alt);
    const encoded = new Request('http://form.invalid/', { method: 'POST', body: form });
    try {
      const response = await outbound.request({
        url: `${instance}/api/v2/media`,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': encoded.headers.get('content-type')!, accept: 'application/json' },
        body: Buffer.from(await encoded.arrayBuffer()),
        signal,
        maxRedirects: 0,
      });
      if (response.status !== 200 && response.status !== 202) return refused(`HTTP ${response.status}: “${errorText(response.body)}”`);
      const attachment = JSON.parse(response.body.toString('utf8')) as { id: string };
      if (response.status === 202 && !(await processed(instance, token, attachment.id, { outbound, signal }))) return refused('it was still processing it after ten seconds');
      ids.push(attachment.id);
    } catch (error) {
      return refused(toOutboundError(error).message);
    }
  }
  return ids;
}

async function processed(instance: string, token: string, id: string, { outbound, signal }: ConnectorContext): Promise<boolean> {
  for (let check = 0; check < PROCESSING_CHECKS; check += 1) {
    await new Promise((resolve) => setTimeout(resolve, PROCESSING_PAUSE_MS));
    const response = await outbound.request({ url: `${instance}/api/v1/media/${encodeURIComponent(id)}`, headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, signal, maxRedirects: 0 });
    if (response.status === 200) return true;
    if (response.status !== 206) return false;
  }
  return false;
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

/**
 * Mastodon (any instance) with an access token of the write:statuses scope. The documented requests
 * (docs.joinmastodon.org/methods/accounts/#verify_credentials, /methods/statuses/#create): GET
 * /api/v1/accounts/verify_credentials to connect; POST /api/v1/statuses with `Idempotency-Key` (the channel's id: the
 * instance keeps it an hour, so a repeated request does not post twice) to publish, after POST /api/v2/media for
 * each image (uploadMedia). Its contract tests: tests/integration/social-mastodon-contract.test.ts and
 * social-mastodon-media-contract.test.ts.
 */
export const mastodonConnector: SocialConnector = {
  async connect(credential, { outbound, signal }) {
    const instance = new URL(credential.url).origin;
    let response;
    try {
      response = await outbound.request({ url: `${instance}/api/v1/accounts/verify_credentials`, headers: { authorization: `Bearer ${credential.secret}`, accept: 'application/json' }, signal, maxRedirects: 0 });
    } catch (error) {
      throw new ConnectorRefusal(`Could not reach ${instance} (${toOutboundError(error).message}).`);
    }
    if (response.status === 401 || response.status === 403) throw new ConnectorRefusal(`${instance} refused the access token (${errorText(response.body)}).`);
    if (response.status !== 200) throw new ConnectorRefusal(`${instance} answered HTTP ${response.status} (${errorText(response.body)}).`);
    const account = JSON.parse(response.body.toString('utf8')) as { id?: string };
    return { externalId: typeof account.id === 'string' ? account.id : null };
  },

  threads: 'replies',

  async publish(credential, post, { outbound, signal }) {
    const instance = new URL(credential.url).origin;
    const uploaded = await uploadMedia(instance, credential.secret, post.media ?? [], { outbound, signal });
    if (!Array.isArray(uploaded)) return uploaded;
    let response;
    try {
      response = await outbound.request({
        url: `${instance}/api/v1/statuses`,
        method: 'POST',
        headers: { authorization: `Bearer ${credential.secret}`, 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': post.reply?.key ?? post.channelId },
        body: JSON.stringify({ status: post.text, visibility: 'public', ...(uploaded.length > 0 ? { media_ids: uploaded } : {}), ...(post.reply ? { in_reply_to_id: post.reply.parent.externalId } : {}) }),
        signal,
        maxRedirects: 0,
      });
    } catch (error) {
      return outcomeOfFailure('Mastodon', { error });
    }
    if (response.status === 200) {
      const status = JSON.parse(response.body.toString('utf8')) as { id: string; url?: string | null; uri?: string };
      return { status: 'published', url: status.url ?? status.uri ?? null, externalId: status.id };
    }
    return outcomeOfFailure('Mastodon', { answer: { status: response.status, message: errorText(response.body), retryAfter: header(response.headers['x-ratelimit-reset']) ?? header(response.headers['retry-after']) } });
  },
};

import { toOutboundError } from '../../lib/outbound/outbound-error';
import { ConnectorRefusal, outcomeOfFailure, type SocialConnector } from './social-connector';

/** Mastodon's error body: `{"error": "…"}` (docs.joinmastodon.org/entities/Error). */
function errorText(body: Buffer): string {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { error?: unknown; error_description?: unknown };
    return [parsed.error, parsed.error_description].filter((part) => typeof part === 'string').join(' — ');
  } catch {
    return body.toString('utf8').slice(0, 200);
  }
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

/**
 * Mastodon (any instance) with an access token of the write:statuses scope. The documented requests
 * (docs.joinmastodon.org/methods/accounts/#verify_credentials, /methods/statuses/#create): GET
 * /api/v1/accounts/verify_credentials to connect; POST /api/v1/statuses with `Idempotency-Key` (the channel's id: the
 * instance keeps it an hour, so a repeated request does not post twice) to publish. Its contract test:
 * tests/integration/social-mastodon-contract.test.ts.
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

  async publish(credential, post, { outbound, signal }) {
    const instance = new URL(credential.url).origin;
    let response;
    try {
      response = await outbound.request({
        url: `${instance}/api/v1/statuses`,
        method: 'POST',
        headers: { authorization: `Bearer ${credential.secret}`, 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': post.channelId },
        body: JSON.stringify({ status: post.text, visibility: 'public' }),
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

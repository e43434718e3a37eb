import { signWebhook } from '../webhooks/signature';
import { outcomeOfFailure, type SocialConnector } from './social-connector';

/** The body a webhook channel receives for a post: a Standard Webhooks message, `type` social.post. */
export function socialWebhookBody(post: { channelId: string; postId: string; text: string; scheduledAt: string | null; parts?: string[] }, timestamp: number): string {
  return JSON.stringify({
    type: 'social.post',
    timestamp: new Date(timestamp * 1000).toISOString(),
    data: { post_id: post.postId, channel_id: post.channelId, text: post.text, parts: post.parts ?? [], scheduled_at: post.scheduledAt },
  });
}

/**
 * The webhook channel: any other network through Zapier, Make or n8n. A POST to the channel's URL, signed as our
 * outgoing webhooks are (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature with the channel's
 * `whsec_` secret), the webhook-id stable per channel (`msg_social_<channel id>`) so a receiver that dedupes never
 * posts twice. A 2xx answer is "published".
 */
export const webhookChannel: SocialConnector = {
  threads: 'payload',
  async connect() {
    // Nothing to ask: the receiver verifies our signature, not the other way round.
    return { externalId: null };
  },

  async publish(credential, post, { outbound, signal }) {
    const id = `msg_social_${post.channelId.replaceAll('-', '')}`;
    const timestamp = Math.floor(Date.now() / 1000);
    const body = socialWebhookBody(post, timestamp);
    let response;
    try {
      response = await outbound.request({
        url: credential.url,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook({ id, timestamp, body, secrets: [credential.secret] }) },
        body,
        signal,
        keepMethod: true,
        maxBytes: 64 * 1024,
        truncate: true,
      });
    } catch (error) {
      return outcomeOfFailure('The webhook', { error });
    }
    if (response.status >= 200 && response.status < 300) return { status: 'published', url: null, externalId: id, message: `The receiver answered HTTP ${response.status}.` };
    return outcomeOfFailure('The webhook', { answer: { status: response.status, message: response.body.toString('utf8').slice(0, 300) } });
  },
};

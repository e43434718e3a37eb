import { createHmac, createPublicKey, timingSafeEqual, verify } from 'node:crypto';

/**
 * The sending providers' bounce and complaint notifications, each verified as its provider documents it, turned into
 * one shape (private.record_email_feedback). A notification that does not verify is refused as a whole.
 *   postmark  basic auth credentials in the webhook URL (Postmark's documented way to secure webhooks)
 *   sendgrid  the Signed Event Webhook: ECDSA (P-256, SHA-256) over timestamp + raw body, with the account's key
 *   generic   Standard Webhooks: HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>", `v1,<base64>`
 *   ses       Amazon SES through SNS: the SNS message signature (its certificate from an SNS host) and the topic
 */

export interface FeedbackEvent {
  type: 'bounce' | 'complaint' | 'delivery';
  email: string;
  message_id?: string;
  bounce_type?: 'hard' | 'soft';
  detail?: string;
}

export interface WebhookSecrets {
  postmark_password: string;
  generic_secret: string;
  sendgrid_public_key: string | null;
  sns_topic_arn: string | null;
}

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export type Verified = { ok: true; events: FeedbackEvent[]; subscribeUrl?: string } | { ok: false; status: 400 | 401; reason: string };

/** How far a signed timestamp may be from now (Standard Webhooks' advice: 5 minutes; SendGrid: none given). */
export const TIMESTAMP_TOLERANCE_S = 300;

function header(request: WebhookRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

function equalText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** A JSON object (not null, not an array): a verified body may still hold anything in any place. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The events of a verified body that name an address (the database skips those that are not a plain one). */
const withAddress = (events: FeedbackEvent[]) => events.filter((event) => typeof event.email === 'string' && event.email !== '');

const HARD_POSTMARK = new Set(['HardBounce', 'BadEmailAddress', 'ManuallyDeactivated']);

export function verifyPostmark(request: WebhookRequest, secrets: WebhookSecrets): Verified {
  const auth = header(request, 'authorization') ?? '';
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(auth);
  const credentials = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
  if (!equalText(credentials, `postmark:${secrets.postmark_password}`)) return { ok: false, status: 401, reason: 'wrong credentials' };
  const payload = parseJson(request.body);
  if (!isRecord(payload)) return { ok: false, status: 400, reason: 'not a JSON object' };
  const email = typeof payload.Email === 'string' ? payload.Email : '';
  if (payload.RecordType === 'Bounce') {
    const kind = String(payload.Type ?? '');
    return { ok: true, events: withAddress([{ type: 'bounce', email, bounce_type: HARD_POSTMARK.has(kind) ? 'hard' : 'soft', detail: `${kind}: ${String(payload.Description ?? payload.Details ?? '')}`.slice(0, 500) }]) };
  }
  if (payload.RecordType === 'SpamComplaint') return { ok: true, events: withAddress([{ type: 'complaint', email, detail: 'Marked as spam (Postmark)' }]) };
  return { ok: true, events: [] };
}

export function verifySendGrid(request: WebhookRequest, secrets: WebhookSecrets, now = Date.now()): Verified {
  if (!secrets.sendgrid_public_key) return { ok: false, status: 401, reason: 'no SendGrid verification key is set' };
  const signature = header(request, 'x-twilio-email-event-webhook-signature');
  const timestamp = header(request, 'x-twilio-email-event-webhook-timestamp');
  if (!signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return { ok: false, status: 401, reason: 'missing signature' };
  if (Math.abs(now / 1000 - Number(timestamp)) > TIMESTAMP_TOLERANCE_S) return { ok: false, status: 401, reason: 'stale timestamp' };
  let valid: boolean;
  try {
    const key = createPublicKey({ key: Buffer.from(secrets.sendgrid_public_key, 'base64'), format: 'der', type: 'spki' });
    valid = verify('sha256', Buffer.from(timestamp + request.body), key, Buffer.from(signature, 'base64'));
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, status: 401, reason: 'bad signature' };
  const payload = parseJson(request.body);
  if (!Array.isArray(payload)) return { ok: false, status: 400, reason: 'not a list of events' };
  const events = payload.filter(isRecord).flatMap((event): FeedbackEvent[] => {
    const email = typeof event.email === 'string' ? event.email : '';
    const messageId = typeof event['smtp-id'] === 'string' ? event['smtp-id'] : undefined;
    if (event.event === 'bounce') return [{ type: 'bounce', email, message_id: messageId, bounce_type: event.type === 'blocked' ? 'soft' : 'hard', detail: String(event.reason ?? '').slice(0, 500) }];
    if (event.event === 'spamreport') return [{ type: 'complaint', email, message_id: messageId, detail: 'Marked as spam (SendGrid)' }];
    return [];
  });
  return { ok: true, events: withAddress(events) };
}

export function verifyGeneric(request: WebhookRequest, secrets: WebhookSecrets, now = Date.now()): Verified {
  const id = header(request, 'webhook-id');
  const timestamp = header(request, 'webhook-timestamp');
  const signatures = header(request, 'webhook-signature');
  if (!id || !timestamp || !signatures || !/^\d{1,12}$/.test(timestamp)) return { ok: false, status: 401, reason: 'missing signature' };
  if (Math.abs(now / 1000 - Number(timestamp)) > TIMESTAMP_TOLERANCE_S) return { ok: false, status: 401, reason: 'stale timestamp' };
  const expected = createHmac('sha256', secrets.generic_secret).update(`${id}.${timestamp}.${request.body}`).digest('base64');
  const valid = signatures.split(' ').some((entry) => entry.startsWith('v1,') && equalText(entry.slice(3), expected));
  if (!valid) return { ok: false, status: 401, reason: 'bad signature' };
  const payload = parseJson(request.body);
  if (!isRecord(payload) || !Array.isArray(payload.events)) return { ok: false, status: 400, reason: 'expected {"events": [...]}' };
  const events = payload.events.filter(isRecord).flatMap((event): FeedbackEvent[] => {
    if (event.type !== 'bounce' && event.type !== 'complaint') return [];
    return [{
      type: event.type,
      email: typeof event.email === 'string' ? event.email : '',
      message_id: typeof event.message_id === 'string' ? event.message_id : undefined,
      bounce_type: event.bounce_type === 'soft' ? 'soft' : 'hard',
      detail: typeof event.detail === 'string' ? event.detail.slice(0, 500) : undefined,
    }];
  });
  return { ok: true, events: withAddress(events) };
}

/** The Standard Webhooks signature header of a body: for the generic format's senders and for the tests. */
export function signGeneric(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', secret).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

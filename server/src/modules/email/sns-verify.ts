import { createPublicKey, verify } from 'node:crypto';
import { isRecord, type FeedbackEvent, type Verified, type WebhookRequest, type WebhookSecrets } from './webhook-providers';

/**
 * Amazon SES notifications through Amazon SNS, verified as SNS documents it ("Verifying the signatures of Amazon SNS
 * messages"): the certificate comes only from an SNS host over HTTPS; the string to sign is the message's fields in
 * their documented order, each "Name\nvalue\n"; SignatureVersion 1 is RSA-SHA1, 2 is RSA-SHA256. The topic must be
 * the one the workspace set. A SubscriptionConfirmation gives back its SubscribeURL (an SNS host as well), which the
 * caller visits to confirm the subscription.
 */

export const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

export type CertificateFetcher = (url: string) => Promise<string>;

const certificates = new Map<string, Promise<string>>();

/** The certificate at an SNS signing URL (HTTPS, an SNS host, a .pem path), fetched once per URL. */
export const fetchSnsCertificate: CertificateFetcher = (url) => {
  const cached = certificates.get(url);
  if (cached) return cached;
  const loading = fetch(url, { signal: AbortSignal.timeout(5000), redirect: 'error' }).then(async (response) => {
    if (!response.ok) throw new Error(`certificate answered ${response.status}`);
    return response.text();
  });
  certificates.set(url, loading);
  loading.catch(() => certificates.delete(url));
  return loading;
};

function snsUrlAllowed(value: unknown, pem: boolean): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && SNS_HOST.test(url.hostname) && url.port === '' && (!pem || url.pathname.endsWith('.pem'));
  } catch {
    return false;
  }
}

const FIELDS: Record<string, string[]> = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
  UnsubscribeConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
};

/** SNS's string to sign for a message. */
export function snsStringToSign(message: Record<string, unknown>): string | null {
  const fields = FIELDS[String(message.Type)];
  if (!fields) return null;
  return fields.filter((field) => message[field] !== undefined).map((field) => `${field}\n${String(message[field])}\n`).join('');
}

/** The objects of a list that name an address (anything else in a notification is left out, never thrown on). */
function recipients(list: unknown): (Record<string, unknown> & { emailAddress: string })[] {
  if (!Array.isArray(list)) return [];
  return list.filter((entry): entry is Record<string, unknown> & { emailAddress: string } => isRecord(entry) && typeof entry.emailAddress === 'string' && entry.emailAddress !== '');
}

function sesMessageId(mail: unknown): string | undefined {
  if (!isRecord(mail)) return undefined;
  const common = isRecord(mail.commonHeaders) && typeof mail.commonHeaders.messageId === 'string' ? mail.commonHeaders.messageId : undefined;
  const header = Array.isArray(mail.headers)
    ? mail.headers.find((h): h is { name: string; value: string } => isRecord(h) && typeof h.name === 'string' && typeof h.value === 'string' && h.name.toLowerCase() === 'message-id')?.value
    : undefined;
  return common ?? header;
}

function sesEvents(notification: Record<string, unknown>): FeedbackEvent[] {
  const messageId = sesMessageId(notification.mail);
  if (notification.notificationType === 'Bounce' || notification.eventType === 'Bounce') {
    const bounce = isRecord(notification.bounce) ? notification.bounce : {};
    const bounceType = typeof bounce.bounceType === 'string' ? bounce.bounceType : 'Bounce';
    return recipients(bounce.bouncedRecipients).map((recipient) => ({
      type: 'bounce', email: recipient.emailAddress, message_id: messageId, bounce_type: bounceType === 'Permanent' ? 'hard' : 'soft',
      detail: `${bounceType}: ${typeof recipient.diagnosticCode === 'string' ? recipient.diagnosticCode : ''}`.slice(0, 500),
    }));
  }
  if (notification.notificationType === 'Complaint' || notification.eventType === 'Complaint') {
    const complaint = isRecord(notification.complaint) ? notification.complaint : {};
    return recipients(complaint.complainedRecipients).map((recipient) => ({ type: 'complaint', email: recipient.emailAddress, message_id: messageId, detail: 'Complaint (Amazon SES)' }));
  }
  return [];
}

export async function verifySesThroughSns(request: WebhookRequest, secrets: WebhookSecrets, fetchCertificate: CertificateFetcher = fetchSnsCertificate): Promise<Verified> {
  if (!secrets.sns_topic_arn) return { ok: false, status: 401, reason: 'no SNS topic is set' };
  let message: unknown;
  try {
    message = JSON.parse(request.body);
  } catch {
    return { ok: false, status: 400, reason: 'not JSON' };
  }
  if (!isRecord(message)) return { ok: false, status: 400, reason: 'not an SNS message' };
  if (message.TopicArn !== secrets.sns_topic_arn) return { ok: false, status: 401, reason: 'another topic' };
  if (!snsUrlAllowed(message.SigningCertURL, true)) return { ok: false, status: 401, reason: 'certificate not from SNS' };
  const toSign = snsStringToSign(message);
  const algorithm = message.SignatureVersion === '1' ? 'sha1' : message.SignatureVersion === '2' ? 'sha256' : null;
  if (!toSign || !algorithm || typeof message.Signature !== 'string') return { ok: false, status: 400, reason: 'not an SNS message' };
  let valid: boolean;
  try {
    const key = createPublicKey(await fetchCertificate(message.SigningCertURL));
    valid = verify(algorithm, Buffer.from(toSign, 'utf8'), key, Buffer.from(message.Signature, 'base64'));
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, status: 401, reason: 'bad signature' };
  if (message.Type === 'SubscriptionConfirmation') {
    if (!snsUrlAllowed(message.SubscribeURL, false)) return { ok: false, status: 400, reason: 'subscribe URL not from SNS' };
    return { ok: true, events: [], subscribeUrl: message.SubscribeURL };
  }
  if (message.Type !== 'Notification') return { ok: true, events: [] };
  let notification: unknown;
  try {
    notification = JSON.parse(String(message.Message));
  } catch {
    return { ok: true, events: [] };
  }
  return { ok: true, events: isRecord(notification) ? sesEvents(notification) : [] };
}

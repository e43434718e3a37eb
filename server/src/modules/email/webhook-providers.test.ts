import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signGeneric, verifyGeneric, verifyPostmark, verifySendGrid, type WebhookSecrets } from './webhook-providers';

/**
 * Bad input from a sender that holds the secret (a misconfigured relay, a provider's odd event): a verified body of
 * the wrong shape is read as "nothing to record" or refused with 400, never thrown (a 500 at the endpoint).
 */

const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const secrets: WebhookSecrets = {
  postmark_password: 'pm-password',
  generic_secret: 'generic-secret',
  sendgrid_public_key: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  sns_topic_arn: null,
};
const now = Date.now();
const timestamp = String(Math.floor(now / 1000));

const sendGrid = (body: string) =>
  verifySendGrid({
    headers: {
      'x-twilio-email-event-webhook-signature': sign('sha256', Buffer.from(timestamp + body), privateKey).toString('base64'),
      'x-twilio-email-event-webhook-timestamp': timestamp,
    },
    body,
  }, secrets, now);
const generic = (body: string) =>
  verifyGeneric({ headers: { 'webhook-id': 'msg_1', 'webhook-timestamp': timestamp, 'webhook-signature': signGeneric(secrets.generic_secret, 'msg_1', Number(timestamp), body) }, body }, secrets, now);
const postmark = (body: string) =>
  verifyPostmark({ headers: { authorization: `Basic ${Buffer.from(`postmark:${secrets.postmark_password}`).toString('base64')}` }, body }, secrets);

describe('verified bodies of the wrong shape', () => {
  it.each(['[null]', '[1, "x", true, []]', '[{"event": "bounce", "email": {"a": 1}}]'])('SendGrid %s: verified, nothing but well-formed events', (body) => {
    const result = sendGrid(body);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.events.every((event) => typeof event.email === 'string')).toBe(true);
  });

  it.each(['{"events": [null]}', '{"events": [1, "x", [], {"type": "bounce"}]}', '{"events": [{"type": "complaint", "email": ["a@b.test"]}]}'])('generic %s: verified, nothing but well-formed events', (body) => {
    const result = generic(body);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.events.every((event) => typeof event.email === 'string' && event.email !== '')).toBe(true);
  });

  it.each(['null', '[]', '5', '"text"', '{"RecordType": "Bounce", "Email": null}'])('Postmark %s: refused or nothing to record', (body) => {
    const result = postmark(body);
    if (result.ok) expect(result.events.every((event) => typeof event.email === 'string' && event.email !== '')).toBe(true);
    else expect(result.status).toBe(400);
  });

  it('a well-formed event among bad ones still counts', () => {
    const result = generic(JSON.stringify({ events: [null, { type: 'bounce', email: 'gone@example.com', bounce_type: 'hard' }] }));
    expect(result).toMatchObject({ ok: true, events: [{ type: 'bounce', email: 'gone@example.com', bounce_type: 'hard' }] });
  });
});

import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { snsStringToSign, verifySesThroughSns } from './sns-verify';

/**
 * Contract test (Amazon SNS cannot run here): messages built from SNS's documented format ("Verifying the signatures
 * of Amazon SNS messages", "Amazon SES notification examples"), signed with a key of our own in place of the
 * certificate SNS serves. What is checked is what the endpoint does with them.
 */

const TOPIC = 'arn:aws:sns:eu-west-1:123456789012:ses-feedback';
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const certificate = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const secrets = { postmark_password: 'x', generic_secret: 'x', sendgrid_public_key: null, sns_topic_arn: TOPIC };
const fetched: string[] = [];
const fetchCertificate = async (url: string) => {
  fetched.push(url);
  return certificate;
};

function snsMessage(fields: Record<string, string>, version: '1' | '2' = '2') {
  const message: Record<string, string> = {
    Type: 'Notification',
    MessageId: '22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324',
    TopicArn: TOPIC,
    Timestamp: '2026-11-27T20:00:00.000Z',
    SignatureVersion: version,
    SigningCertURL: 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-abc.pem',
    ...fields,
  };
  message.Signature = sign(version === '1' ? 'sha1' : 'sha256', Buffer.from(snsStringToSign(message)!), privateKey).toString('base64');
  return message;
}

const bounce = JSON.stringify({
  notificationType: 'Bounce',
  bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'gone@example.com', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }] },
  mail: { messageId: 'ses-id', commonHeaders: { messageId: '<d42.1700000000000@bb.test>' } },
});

describe('Amazon SES through SNS (contract)', () => {
  it.each(['1', '2'] as const)('accepts a signed bounce notification (SignatureVersion %s) and reads the hard bounce and our Message-ID', async (version) => {
    const result = await verifySesThroughSns({ headers: {}, body: JSON.stringify(snsMessage({ Message: bounce }, version)) }, secrets, fetchCertificate);
    expect(result).toEqual({ ok: true, events: [{ type: 'bounce', email: 'gone@example.com', message_id: '<d42.1700000000000@bb.test>', bounce_type: 'hard', detail: 'Permanent: smtp; 550 5.1.1 user unknown' }] });
  });

  it('refuses a changed message, another topic, and a certificate from anywhere but an SNS host', async () => {
    const signed = snsMessage({ Message: bounce });
    const changed = { ...signed, Message: bounce.replace('gone@', 'other@') };
    expect(await verifySesThroughSns({ headers: {}, body: JSON.stringify(changed) }, secrets, fetchCertificate)).toMatchObject({ ok: false, status: 401, reason: 'bad signature' });
    expect(await verifySesThroughSns({ headers: {}, body: JSON.stringify(signed) }, { ...secrets, sns_topic_arn: `${TOPIC}-other` }, fetchCertificate)).toMatchObject({ ok: false, reason: 'another topic' });
    fetched.length = 0;
    for (const url of ['https://evil.example/cert.pem', 'http://sns.eu-west-1.amazonaws.com/c.pem', 'https://sns.eu-west-1.amazonaws.com.evil.example/c.pem', 'https://sns.eu-west-1.amazonaws.com/c.txt']) {
      const forged = snsMessage({ Message: bounce, SigningCertURL: url });
      expect(await verifySesThroughSns({ headers: {}, body: JSON.stringify(forged) }, secrets, fetchCertificate)).toMatchObject({ ok: false, reason: 'certificate not from SNS' });
    }
    expect(fetched).toEqual([]);
  });

  it('a subscription confirmation gives its SNS SubscribeURL to visit; a complaint suppresses', async () => {
    const confirmation = snsMessage({ Type: 'SubscriptionConfirmation', Message: 'You have chosen to subscribe', Token: 'tok', SubscribeURL: 'https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&Token=tok' });
    expect(await verifySesThroughSns({ headers: {}, body: JSON.stringify(confirmation) }, secrets, fetchCertificate)).toEqual({ ok: true, events: [], subscribeUrl: 'https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&Token=tok' });
    const complaint = JSON.stringify({ notificationType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: 'angry@example.com' }] }, mail: {} });
    const result = await verifySesThroughSns({ headers: {}, body: JSON.stringify(snsMessage({ Message: complaint })) }, secrets, fetchCertificate);
    expect(result).toEqual({ ok: true, events: [{ type: 'complaint', email: 'angry@example.com', message_id: undefined, detail: 'Complaint (Amazon SES)' }] });
  });
});

describe('Amazon SES through SNS: bodies of the wrong shape (never thrown on: a 500 at the endpoint)', () => {
  it.each(['null', '5', '"text"', '[]', '[{"TopicArn": "x"}]'])('an unsigned %s is refused with 400 or 401', async (body) => {
    const result = await verifySesThroughSns({ headers: {}, body }, secrets, fetchCertificate);
    expect(result).toMatchObject({ ok: false });
  });

  it.each([
    'null',
    '5',
    '{"notificationType": "Bounce", "bounce": "x", "mail": null}',
    '{"notificationType": "Bounce", "bounce": {"bounceType": "Permanent", "bouncedRecipients": [null, 5, {"emailAddress": 7}, {"emailAddress": "gone@example.com"}]}, "mail": {"headers": [null, {"name": 5}]}}',
    '{"notificationType": "Complaint", "complaint": {"complainedRecipients": {"emailAddress": "x@example.com"}}}',
  ])('a signed notification whose Message is %s: verified, only recipients with an address', async (inner) => {
    const result = await verifySesThroughSns({ headers: {}, body: JSON.stringify(snsMessage({ Message: inner })) }, secrets, fetchCertificate);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.events.every((event) => event.email === 'gone@example.com')).toBe(true);
    }
  });
});

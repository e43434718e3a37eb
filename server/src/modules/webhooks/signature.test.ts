import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signWebhook, webhookHeaders } from './signature';

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('signWebhook', () => {
  it('matches the Standard Webhooks reference implementation', () => {
    const body = '{"type":"content.published","data":{"id":"x"}}';
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = webhookHeaders({ id: 'msg_p5jXN8AQM9LWM0D4loKWxJek', timestamp, body, secrets: [secret] });
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(headers['webhook-signature']).toBe(new Webhook(secret).sign('msg_p5jXN8AQM9LWM0D4loKWxJek', new Date(timestamp * 1000), body));
  });

  it('matches the specification’s published example', () => {
    // standard-webhooks/spec: the example of the signature section.
    expect(signWebhook({
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: 1614265330,
      body: '{"test": 2432232314}',
      secrets: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
    })).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('signs with every secret during a rotation, each verifying on its own', () => {
    const older = 'whsec_' + Buffer.alloc(32, 7).toString('base64');
    const body = '{}';
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = webhookHeaders({ id: 'msg_1234567890abcdefghij', timestamp, body, secrets: [secret, older] });
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(secret).verify(body, headers)).toEqual({});
    expect(new Webhook(older).verify(body, headers)).toEqual({});
  });

  it('does not verify a changed body, id or timestamp', () => {
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = webhookHeaders({ id: 'msg_1234567890abcdefghij', timestamp, body: '{"a":1}', secrets: [secret] });
    expect(() => new Webhook(secret).verify('{"a":2}', headers)).toThrow();
    expect(() => new Webhook(secret).verify('{"a":1}', { ...headers, 'webhook-id': 'msg_other000000000000000' })).toThrow();
    expect(() => new Webhook(secret).verify('{"a":1}', { ...headers, 'webhook-timestamp': String(timestamp + 1) })).toThrow();
  });
});

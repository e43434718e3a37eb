import { createHmac } from 'node:crypto';

/** `whsec_<base64>` → the key bytes (Standard Webhooks: the part after the prefix, base64-decoded). */
export function secretKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
}

/**
 * The `webhook-signature` header of the Standard Webhooks specification: `v1,<base64 HMAC-SHA256 of
 * "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret, separated by spaces (during a rotation the previous
 * secret signs too, so a receiver that still has it keeps verifying).
 */
export function signWebhook(input: { id: string; timestamp: number; body: string; secrets: readonly string[] }): string {
  const content = `${input.id}.${input.timestamp}.${input.body}`;
  return input.secrets.map((secret) => `v1,${createHmac('sha256', secretKey(secret)).update(content).digest('base64')}`).join(' ');
}

/** The headers of one attempt: the same id and body every time, the attempt's own timestamp and signature. */
export function webhookHeaders(input: { id: string; timestamp: number; body: string; secrets: readonly string[] }): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': input.id,
    'webhook-timestamp': String(input.timestamp),
    'webhook-signature': signWebhook(input),
  };
}

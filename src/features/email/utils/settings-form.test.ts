import { describe, expect, it } from 'vitest';
import { settingsErrors, webhookAddresses } from './settings-form';

describe('settingsErrors', () => {
  const ok = { from_name: 'Acme', from_email: 'news@acme.test', reply_to: null, per_minute_limit: 600, error_threshold: 20 };
  it('accepts valid settings and empty addresses', () => {
    expect(settingsErrors(ok)).toEqual({});
    expect(settingsErrors({ ...ok, from_email: '' })).toEqual({});
  });
  it('names every bad field', () => {
    expect(settingsErrors({ from_name: 'A\nB', from_email: 'Acme <news@acme.test>', reply_to: 'x', per_minute_limit: 0, error_threshold: 1.5 })).toEqual({
      from_name: 'At most 100 characters on one line', from_email: 'Enter one e-mail address', reply_to: 'Enter one e-mail address', per_minute_limit: 'From 1 to 100,000', error_threshold: 'From 1 to 10,000',
    });
  });
});

describe('webhookAddresses', () => {
  it('gives each provider its address; Postmark carries its credentials', () => {
    const addresses = webhookAddresses('https://app.example', { endpoint_token: 'TOKEN', postmark_password: 'PASS' });
    expect(addresses.map((entry) => entry.address)).toEqual([
      'https://postmark:PASS@app.example/e/webhooks/TOKEN/postmark',
      'https://app.example/e/webhooks/TOKEN/sendgrid',
      'https://app.example/e/webhooks/TOKEN/ses',
      'https://app.example/e/webhooks/TOKEN/generic',
    ]);
  });
});

const PLAIN_EMAIL = /^[^\s@,;:<>()"\\]+@[^\s@,;:<>()"\\]+\.[^\s@,;:<>()"\\]+$/;

export interface SettingsValues {
  from_name: string | null;
  from_email: string | null;
  reply_to: string | null;
  per_minute_limit: number;
  error_threshold: number;
}

/** The sending settings' errors by field, as the database's checks would refuse them. */
export function settingsErrors(values: SettingsValues): Partial<Record<keyof SettingsValues, string>> {
  const errors: Partial<Record<keyof SettingsValues, string>> = {};
  const name = values.from_name?.trim() ?? '';
  if (name.length > 100 || /[\p{Cc}]/u.test(name)) errors.from_name = 'At most 100 characters on one line';
  for (const key of ['from_email', 'reply_to'] as const) {
    const value = values[key]?.trim() ?? '';
    if (value && !PLAIN_EMAIL.test(value)) errors[key] = 'Enter one e-mail address';
  }
  if (!Number.isInteger(values.per_minute_limit) || values.per_minute_limit < 1 || values.per_minute_limit > 100_000) errors.per_minute_limit = 'From 1 to 100,000';
  if (!Number.isInteger(values.error_threshold) || values.error_threshold < 1 || values.error_threshold > 10_000) errors.error_threshold = 'From 1 to 10,000';
  return errors;
}

/**
 * The webhook addresses to paste into each provider (the server's /e/webhooks/…; Postmark's with its basic auth
 * credentials in the URL, as Postmark documents).
 */
export function webhookAddresses(origin: string, settings: { endpoint_token: string; postmark_password: string }): { provider: string; address: string }[] {
  const url = new URL(origin);
  const base = `${url.origin}/e/webhooks/${settings.endpoint_token}`;
  return [
    { provider: 'Postmark', address: `${url.protocol}//postmark:${settings.postmark_password}@${url.host}/e/webhooks/${settings.endpoint_token}/postmark` },
    { provider: 'SendGrid', address: `${base}/sendgrid` },
    { provider: 'Amazon SES (SNS)', address: `${base}/ses` },
    { provider: 'Generic (Standard Webhooks)', address: `${base}/generic` },
  ];
}

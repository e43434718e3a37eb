import { webhookErrorFields, webhooksCopy, webhookEvents, type WebhookEventType } from '@/config/webhooks-copy';

export interface EndpointFormValues {
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
}

export type EndpointFormErrors = Partial<Record<'url' | 'description' | 'events', string>>;

export interface CheckedEndpoint {
  /** The URL as the WHATWG parser serialises it (international names in punycode), as the database expects it. */
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
}

const KNOWN_EVENTS = new Set<string>(webhookEvents.map((event) => event.value));

/**
 * The form's own checks, before anything is sent: a full http(s) URL, a description of at most 200 characters, at
 * least one event. Whether the URL's address may be reached is the server's to say (its setting decides).
 */
export function checkEndpointForm(values: EndpointFormValues): { value?: CheckedEndpoint; errors: EndpointFormErrors } {
  const errors: EndpointFormErrors = {};
  const text = values.url.trim();
  let url = '';
  if (!text) errors.url = webhooksCopy.urlRequired;
  else {
    try {
      const parsed = new URL(text);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') errors.url = webhooksCopy.urlScheme;
      else if (!parsed.hostname || /\s/.test(text)) errors.url = webhooksCopy.urlInvalid;
      else url = parsed.href;
    } catch {
      errors.url = /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^https?:/i.test(text) ? webhooksCopy.urlScheme : webhooksCopy.urlInvalid;
    }
    if (!errors.url && url.length > 2000) errors.url = webhooksCopy.urlTooLong;
  }
  const description = values.description.trim();
  if (description.length > 200) errors.description = webhooksCopy.descriptionTooLong;
  const events = values.events.filter((event) => KNOWN_EVENTS.has(event));
  if (events.length === 0) errors.events = webhooksCopy.eventsRequired;
  if (Object.keys(errors).length > 0) return { errors };
  return { value: { url, description, events, enabled: values.enabled }, errors };
}

/** A refusal of the database, as the field it is about (with its own sentence), or null for a toast. */
export function fieldErrorOf(error: unknown): EndpointFormErrors | null {
  const details = (error as { details?: unknown } | null)?.details;
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof details !== 'string' || typeof message !== 'string') return null;
  const field = webhookErrorFields[details];
  return field ? { [field]: message } : null;
}

import { describe, expect, it } from 'vitest';
import { webhooksCopy } from '@/config/webhooks-copy';
import { checkEndpointForm, fieldErrorOf, type EndpointFormValues } from './endpoint-form';

const base: EndpointFormValues = { url: 'https://hooks.example.com/catch/1', description: '', events: ['content.published'], enabled: true };

describe('checkEndpointForm', () => {
  it('accepts a full URL and normalises it as the parser serialises it', () => {
    expect(checkEndpointForm({ ...base, url: '  HTTPS://Hooks.Example.com/a b?x=1 ', description: ' Zapier ' })).toEqual({
      errors: { url: webhooksCopy.urlInvalid },
    });
    expect(checkEndpointForm({ ...base, url: 'https://Bücher.example/hook', description: ' Zapier ' }).value).toEqual({
      url: 'https://xn--bcher-kva.example/hook', description: 'Zapier', events: ['content.published'], enabled: true,
    });
  });

  it.each([
    ['', webhooksCopy.urlRequired],
    ['   ', webhooksCopy.urlRequired],
    ['hooks.example.com/x', webhooksCopy.urlInvalid],
    ['https://', webhooksCopy.urlInvalid],
    ['ftp://hooks.example.com/', webhooksCopy.urlScheme],
    ['javascript:alert(1)', webhooksCopy.urlScheme],
    ['mailto:a@b.c', webhooksCopy.urlScheme],
    [`https://hooks.example.com/${'x'.repeat(2000)}`, webhooksCopy.urlTooLong],
  ])('URL %j → %s', (url, message) => {
    expect(checkEndpointForm({ ...base, url }).errors.url).toBe(message);
  });

  it('wants a short description and at least one known event', () => {
    expect(checkEndpointForm({ ...base, description: 'x'.repeat(201) }).errors).toEqual({ description: webhooksCopy.descriptionTooLong });
    expect(checkEndpointForm({ ...base, events: [] }).errors).toEqual({ events: webhooksCopy.eventsRequired });
    expect(checkEndpointForm({ ...base, events: ['content.deleted' as never] }).errors).toEqual({ events: webhooksCopy.eventsRequired });
  });
});

describe('fieldErrorOf', () => {
  it.each([
    [{ details: 'url_private_address', message: 'The URL points at 127.0.0.1…' }, { url: 'The URL points at 127.0.0.1…' }],
    [{ details: 'url_port', message: 'Port 8443…' }, { url: 'Port 8443…' }],
    [{ details: 'events_empty', message: 'Choose…' }, { events: 'Choose…' }],
    [{ details: 'description_too_long', message: 'At most…' }, { description: 'At most…' }],
    [{ details: 'role_too_low', message: 'Your access role…' }, null],
    [new Error('network'), null],
    [null, null],
  ])('%j → %j', (error, expected) => {
    expect(fieldErrorOf(error)).toEqual(expected);
  });
});

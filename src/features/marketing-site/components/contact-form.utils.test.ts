import { describe, expect, it } from 'vitest';
import { failureDescription, mailtoFallback, validateLead } from './contact-form.utils';

const valid = { name: '  Dana Reyes ', email: ' dana@northwind.example ', company: '', message: '  We need a faster site. ' };

describe('validateLead', () => {
  it('trims the fields and stores an empty company as null', () => {
    expect(validateLead(valid)).toEqual({
      lead: { name: 'Dana Reyes', email: 'dana@northwind.example', company: null, message: 'We need a faster site.' },
      errors: null,
    });
  });

  it.each([
    ['name', { ...valid, name: '   ' }, 'Please enter your name'],
    ['name', { ...valid, name: 'n'.repeat(101) }, 'Please keep your name under 100 characters'],
    ['email', { ...valid, email: 'dana' }, 'Please enter a valid email address'],
    ['email', { ...valid, email: 'dana@example' }, 'Please enter a valid email address'],
    ['email', { ...valid, email: `${'a'.repeat(250)}@example.com` }, 'Please enter a valid email address'],
    ['company', { ...valid, company: 'c'.repeat(121) }, 'Please keep the company name under 120 characters'],
    ['message', { ...valid, message: 'Too short' }, 'Please tell us a little more (at least 10 characters)'],
    ['message', { ...valid, message: 'm'.repeat(5001) }, 'Please keep your message under 5,000 characters'],
  ] as const)('refuses a bad %s: %s', (field, form, message) => {
    const result = validateLead(form);
    expect(result.lead).toBeNull();
    expect(result.errors).toEqual({ [field]: message });
  });

  it('reports every invalid field at once', () => {
    expect(Object.keys(validateLead({ name: '', email: '', company: '', message: '' }).errors ?? {})).toEqual(['name', 'email', 'message']);
  });
});

describe('mailtoFallback', () => {
  it('carries the message and the sender in an e-mail to the agency', () => {
    const href = mailtoFallback({ name: 'Dana', email: 'dana@example.com', company: 'Northwind', message: 'Hello & welcome?' });
    expect(href).toBe(
      `mailto:hello@beyondbrochures.example?subject=${encodeURIComponent('Website enquiry from Dana')}&body=${encodeURIComponent('Hello & welcome?\n\nDana · Northwind · dana@example.com')}`,
    );
  });
});

describe('failureDescription', () => {
  it('passes on the reason the server gave when it throttled the visitor', () => {
    expect(failureDescription({ code: 'PT429', message: 'Too many messages from this address.' })).toBe('Too many messages from this address.');
  });

  it.each([[new Error('Failed to fetch')], [{ code: '23514', message: 'violates check constraint' }], [null]])(
    'keeps the reassuring default otherwise (%o)',
    (error) => {
      expect(failureDescription(error)).toBe('Nothing is lost: your message is still in the form. Try again, or send it by email.');
    },
  );
});

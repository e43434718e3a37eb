import { describe, expect, it } from 'vitest';
import { contactsCopy } from '@/config/contacts-copy';
import { contactFormValues, emptyContactForm, lastActivityOf, readContactForm } from './contact-form';

const errors = contactsCopy.errors;
const form = (values: Partial<ReturnType<typeof emptyContactForm>>) => ({ ...emptyContactForm(), ...values });

describe('readContactForm', () => {
  it('trims, turns blanks into null, splits tags (any case once) and reads the adjustment and day', () => {
    expect(readContactForm(form({ firstName: ' Dana ', email: 'dana@northwind.example', tags: 'vip, VIP ,  q4 event,', adjustment: '-15', lastActivity: '2026-11-20', owner: 'u1' }))).toEqual({
      ok: true,
      input: {
        first_name: 'Dana', last_name: null, email: 'dana@northwind.example', company: null, job_title: null, phone: null, notes: null,
        tags: ['vip', 'q4 event'], source: 'manual', lifecycle_stage: 'subscriber', owner_id: 'u1', score_adjustment: -15,
        last_activity_at: '2026-11-20T12:00:00Z',
      },
    });
  });

  it.each([
    [{ firstName: '', email: '' }, 'firstName', errors.nameOrEmail],
    [{ email: 'Dana <dana@x.example>' }, 'email', errors.emailInvalid],
    [{ firstName: 'x', phone: 'call me' }, 'phone', errors.phoneInvalid],
    [{ firstName: 'x', adjustment: '101' }, 'adjustment', errors.adjustment],
    [{ firstName: 'x', adjustment: '1.5' }, 'adjustment', errors.adjustment],
    [{ firstName: 'x', company: 'c'.repeat(121) }, 'company', errors.tooLong(120)],
    [{ firstName: 'x', tags: 't'.repeat(51) }, 'tags', errors.tagTooLong],
  ])('%j → %s: %s', (values, field, message) => {
    const result = readContactForm(form(values));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[field as keyof typeof result.errors]).toBe(message);
  });
});

describe('lastActivityOf', () => {
  it.each([
    ['', null, null],
    ['', '2026-11-20T15:32:10.123+00:00', null],
    // The day the form showed, unchanged: the stored time stays (an edit of other fields rewrites nothing).
    ['2026-11-20', '2026-11-20T15:32:10.123+00:00', '2026-11-20T15:32:10.123+00:00'],
    // Another day: noon UTC of it.
    ['2026-11-21', '2026-11-20T15:32:10.123+00:00', '2026-11-21T12:00:00Z'],
    ['2026-11-21', null, '2026-11-21T12:00:00Z'],
  ])('day %j, stored %j → %j', (day, stored, expected) => {
    expect(lastActivityOf(day, stored)).toBe(expected);
  });

  it('is what readContactForm sends', () => {
    const result = readContactForm(form({ firstName: 'Dana', lastActivity: '2026-11-20' }), '2026-11-20T15:32:10.123+00:00');
    expect(result.ok && result.input.last_activity_at).toBe('2026-11-20T15:32:10.123+00:00');
  });
});

describe('contactFormValues → readContactForm', () => {
  it('gives back the same tags when nothing is changed, a tag holding a comma included', () => {
    const contact = {
      id: 'c1', organization_id: 'o1', first_name: 'Dana', last_name: null, email: null, company: null, job_title: null, phone: null, source: 'import',
      lifecycle_stage: 'lead', tags: ['VIP, Gold', 'Said "hi"', '*starred', 'q4'], score_adjustment: 0, lead_score: 20, score_band: 'cold', owner_id: null,
      notes: null, last_activity_at: null, last_email_opened_at: null, last_email_clicked_at: null, created_at: '2026-11-23T07:00:00Z', updated_at: '2026-11-23T07:00:00Z', sort_name: 'dana',
    };
    const result = readContactForm(contactFormValues(contact));
    expect(result.ok && result.input.tags).toEqual(['VIP, Gold', 'Said "hi"', '*starred', 'q4']);
  });
});

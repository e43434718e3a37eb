import { describe, expect, it } from 'vitest';
import { contactsCopy } from '@/config/contacts-copy';
import { AccessLostError } from '@/lib/access-lost';
import { contactFailureDescription } from './contact-failure';

const errors = contactsCopy.errors;

describe('contactFailureDescription', () => {
  it.each([
    [{ code: '23505', message: 'duplicate key value violates unique constraint "contacts_organization_email_key"', details: null }, errors.emailTaken],
    [{ code: '23514', message: 'The owner of a contact must be a member of its workspace.', details: 'owner_not_member' }, errors.ownerNotMember],
    [{ code: 'P0001', message: 'Some of the chosen contacts…', details: 'unknown_contacts' }, errors.unknownContacts],
    [{ code: '42501', message: 'permission denied for table contacts', details: null }, errors.notAllowed],
    [new TypeError('Failed to fetch'), errors.unreachable],
    [{ code: 'XX000', message: 'boom', details: null }, errors.retry],
    [new AccessLostError('Analytical Engines', 'removed'), 'You no longer have access to Analytical Engines.'],
  ])('%j → %s', (error, expected) => {
    expect(contactFailureDescription(error)).toBe(expected);
  });
});

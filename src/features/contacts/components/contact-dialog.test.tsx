import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contact, contactsWorld, renderContacts, resetContactsWorld, writeCalls } from '@/features/contacts/testing/contacts-fixture';
import { formatDateTime } from '@/lib/format';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

beforeEach(resetContactsWorld);

const field = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });
const errorOf = (control: HTMLElement) => document.getElementById(control.getAttribute('aria-describedby')!.split(' ').at(-1)!);

describe('adding a contact', () => {
  it('shows each error by its field and sends nothing until the form is right', async () => {
    await renderContacts();
    await userEvent.click(screen.getByRole('button', { name: 'Add Contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Contact' }, { timeout: 10_000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Contact' }));
    expect(field(dialog, 'First Name')).toHaveAttribute('aria-invalid', 'true');
    expect(errorOf(field(dialog, 'First Name'))).toHaveTextContent('A contact needs a first name, a last name or an email');

    await userEvent.type(field(dialog, 'First Name'), 'Sam');
    await userEvent.type(field(dialog, 'Email'), 'Sam <sam@x.example>');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Phone' }), 'call me');
    await userEvent.clear(within(dialog).getByRole('spinbutton', { name: 'Score Adjustment' }));
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Score Adjustment' }), '150');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Contact' }));
    expect(errorOf(field(dialog, 'Email'))).toHaveTextContent('enter one address such as name@example.com');
    expect(errorOf(within(dialog).getByRole('textbox', { name: 'Phone' }))).toHaveTextContent('digits, spaces and + ( ) . / - only, at most 40');
    expect(errorOf(within(dialog).getByRole('spinbutton', { name: 'Score Adjustment' }))).toHaveTextContent('a whole number from -100 to 100');
    expect(field(dialog, 'First Name')).not.toHaveAttribute('aria-invalid');
    expect(writeCalls('insert')).toEqual([]);

    await userEvent.clear(field(dialog, 'Email'));
    await userEvent.type(field(dialog, 'Email'), 'sam@x.example');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Phone' }));
    await userEvent.clear(within(dialog).getByRole('spinbutton', { name: 'Score Adjustment' }));
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Score Adjustment' }), '-5');
    await userEvent.type(field(dialog, 'Tags'), 'vip, Q4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Contact' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writeCalls('insert')[0]!.values).toMatchObject({
      organization_id: 'org-1', first_name: 'Sam', email: 'sam@x.example', phone: null, score_adjustment: -5, tags: ['vip', 'Q4'], source: 'manual', lifecycle_stage: 'subscriber',
    });
  });

  it('keeps everything typed when the save fails, and saves it on the next try', async () => {
    contactsWorld.onWrite = () => ({ data: null, error: { code: '23505', message: 'duplicate key value violates unique constraint "contacts_organization_email_key"' } });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderContacts();
    await userEvent.click(screen.getByRole('button', { name: 'Add Contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Contact' }, { timeout: 10_000 });
    await userEvent.type(field(dialog, 'First Name'), 'Dana');
    await userEvent.type(field(dialog, 'Email'), 'dana@x.example');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Met at the fair.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Contact' }));
    await waitFor(() => expect(writeCalls('insert')).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save Contact' })).toBeEnabled());
    expect(logged).toHaveBeenCalledWith('Error saving contact:', expect.any(Error));
    expect(screen.getByRole('dialog', { name: 'Add Contact' })).toBe(dialog);
    expect(field(dialog, 'First Name')).toHaveValue('Dana');
    expect(field(dialog, 'Email')).toHaveValue('dana@x.example');
    expect(within(dialog).getByRole('textbox', { name: 'Notes' })).toHaveValue('Met at the fair.');

    contactsWorld.onWrite = undefined;
    await userEvent.clear(field(dialog, 'Email'));
    await userEvent.type(field(dialog, 'Email'), 'dana.reyes@x.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Contact' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writeCalls('insert')[1]!.values).toMatchObject({ first_name: 'Dana', email: 'dana.reyes@x.example', notes: 'Met at the fair.' });
  });
});

describe('editing a contact', () => {
  it('shows when it was added and last changed, and keeps the stored last activity when its day is unchanged', async () => {
    const lastActivity = '2026-11-20T15:32:10.123+00:00';
    contactsWorld.rows = [contact({ last_activity_at: lastActivity, owner_id: 'm-2', score_adjustment: 7 })];
    await renderContacts();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Dana Reyes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Contact' });
    expect(dialog).toHaveTextContent(`Added ${formatDateTime('2026-11-23T07:00:00.123456+00:00')} · last changed ${formatDateTime('2026-11-24T08:30:00.654321+00:00')}`);
    expect(within(dialog).getByLabelText('Last Activity')).toHaveValue('2026-11-20');
    expect(within(dialog).getByRole('combobox', { name: 'Owner' })).toHaveTextContent('Mia Test');
    await userEvent.clear(field(dialog, 'Company'));
    await userEvent.type(field(dialog, 'Company'), 'Northwind Traders');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Contact' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [update] = writeCalls('update');
    expect(update!.filters).toEqual([['id', 'c1']]);
    expect(update!.values).toMatchObject({ company: 'Northwind Traders', last_activity_at: lastActivity, owner_id: 'm-2', score_adjustment: 7 });
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Contact } from '@/features/contacts/api/contacts-query';
import { ContactsList } from './contacts-list';

const contact = (values: Partial<Contact>): Contact => ({
  id: 'c1', organization_id: 'o1', first_name: 'Dana', last_name: 'Reyes', email: 'dana@x.example', company: 'Northwind', job_title: null, phone: null,
  source: 'referral', lifecycle_stage: 'sales_qualified', tags: ['vip'], score_adjustment: 0, lead_score: 80, score_band: 'hot', owner_id: 'u1',
  notes: null, last_activity_at: null, last_email_opened_at: null, last_email_clicked_at: null, created_at: '2026-11-23T07:00:00Z', updated_at: '2026-11-23T07:00:00Z', sort_name: 'reyes dana', ...values,
});

const contacts = [contact({}), contact({ id: 'c2', first_name: null, last_name: null, email: 'quinn@x.example', company: null, lead_score: 39, score_band: 'cold', tags: [], owner_id: null })];

describe('ContactsList', () => {
  it('shows each contact’s score with its band, stage, tags and owner', () => {
    render(<ContactsList contacts={contacts} ownerName={(id) => (id === 'u1' ? 'Olive Owner' : '—')} />);
    const [, dana, quinn] = screen.getAllByRole('row');
    expect(within(dana!).getByText('80 · Hot')).toBeInTheDocument();
    expect(within(dana!).getByText('Sales qualified')).toBeInTheDocument();
    expect(within(dana!).getByText('Olive Owner')).toBeInTheDocument();
    expect(within(quinn!).getByText('39 · Cold')).toBeInTheDocument();
    expect(within(quinn!).getByText('quinn@x.example')).toBeInTheDocument();
  });

  it('gives a reader without write access no selection, edit or delete', () => {
    render(<ContactsList contacts={contacts} ownerName={() => '—'} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('lets a member select, edit and delete a contact, each control named after it', async () => {
    const actions = { selected: new Set<string>(['c2']), onSelect: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() };
    render(<ContactsList contacts={contacts} ownerName={() => '—'} actions={actions} />);
    expect(screen.getByRole('checkbox', { name: 'Select quinn@x.example' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Dana Reyes' }));
    expect(actions.onSelect).toHaveBeenCalledWith('c1', true);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Dana Reyes' }));
    expect(actions.onEdit).toHaveBeenCalledWith(contacts[0]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete quinn@x.example' }));
    expect(actions.onDelete).toHaveBeenCalledWith(contacts[1], expect.any(HTMLElement));
  });
});

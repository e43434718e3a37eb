import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contactsWorld, lastListCall, renderContacts, resetContactsWorld, rpcCalls } from '@/features/contacts/testing/contacts-fixture';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

beforeEach(resetContactsWorld);

async function choose(name: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

const select = (name: string) => userEvent.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
const selectionStatus = () => screen.queryByText(/^\d+ selected$/);

describe('/contacts: filters and order reach the query', () => {
  it('asks for the workspace’s contacts newest first, one page and one row more', async () => {
    await renderContacts();
    expect(lastListCall()).toMatchObject({ filters: [['organization_id', 'org-1']], order: [['created_at', false], ['id', false]], limit: 51 });
  });

  it.each([
    ['Stage', 'Customer', ['lifecycle_stage', 'customer']],
    ['Band', 'Hot (80–100)', ['score_band', 'hot']],
    ['Owner', 'Mia Test', ['owner_id', 'm-2']],
    ['Owner', 'Nobody', ['owner_id', 'is.null']],
  ])('the %s filter %s', async (filter, option, expected) => {
    await renderContacts();
    await choose(filter, option);
    await waitFor(() => expect(lastListCall().filters).toContainEqual(expected));
    expect(lastListCall().filters[0]).toEqual(['organization_id', 'org-1']);
  });

  it.each([
    ['Highest score first', [['lead_score', false], ['id', false]]],
    ['Name (A–Z)', [['sort_name', true], ['id', true]]],
  ])('the order %s', async (option, order) => {
    await renderContacts();
    await choose('Sort', option);
    await waitFor(() => expect(lastListCall().order).toEqual(order));
  });

  it('searches and filters by tag once the typing pauses (full text, tag in any case)', async () => {
    await renderContacts();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'dana north');
    await userEvent.type(screen.getByRole('textbox', { name: 'Tag' }), 'VIP');
    await waitFor(() => expect(lastListCall().filters).toEqual([['organization_id', 'org-1'], ['search_document', 'fts(simple).dana:* & north:*'], ['tag_keys', 'cs.{vip}']]));
  });
});

describe('/contacts: selection and bulk actions', () => {
  it('tags the selected contacts, saying how many are selected', async () => {
    await renderContacts();
    await select('Dana Reyes');
    await select('Li Wei');
    expect(selectionStatus()).toHaveTextContent('2 selected');
    await userEvent.click(screen.getByRole('button', { name: 'Add Tag' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Type a tag first.');
    expect(rpcCalls('bulk_tag_contacts')).toEqual([]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Tag to add or remove' }), ' q4 ');
    await userEvent.click(screen.getByRole('button', { name: 'Add Tag' }));
    await waitFor(() => expect(rpcCalls('bulk_tag_contacts')).toEqual([{ workspace_id: 'org-1', contact_ids: ['c1', 'c2'], add_tags: ['q4'], remove_tags: [] }]));
    await userEvent.type(screen.getByRole('textbox', { name: 'Tag to add or remove' }), 'vip');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Tag' }));
    await waitFor(() => expect(rpcCalls('bulk_tag_contacts')[1]).toEqual({ workspace_id: 'org-1', contact_ids: ['c1', 'c2'], add_tags: [], remove_tags: ['vip'] }));
  });

  it('deletes the selection only after a confirmation naming how many', async () => {
    await renderContacts();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every contact shown' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Selected' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete 2 contacts?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(rpcCalls('bulk_delete_contacts')).toEqual([]);
    expect(selectionStatus()).toHaveTextContent('2 selected');

    await userEvent.click(screen.getByRole('button', { name: 'Delete Selected' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Selected' }));
    await waitFor(() => expect(rpcCalls('bulk_delete_contacts')).toEqual([{ workspace_id: 'org-1', contact_ids: ['c1', 'c2'] }]));
    await waitFor(() => expect(selectionStatus()).toBeNull());
  });

  it('starts the selection over when the filters change, so a bulk action never hits a row no longer shown', async () => {
    await renderContacts();
    await select('Dana Reyes');
    expect(selectionStatus()).toHaveTextContent('1 selected');
    await choose('Stage', 'Lead');
    await waitFor(() => expect(lastListCall().filters).toContainEqual(['lifecycle_stage', 'lead']));
    expect(selectionStatus()).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select Dana Reyes' })).not.toBeChecked();
  });

  it('drops a contact deleted from its row out of the selection: the next bulk action names only the others', async () => {
    await renderContacts();
    await select('Dana Reyes');
    await select('Li Wei');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Dana Reyes' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this contact?' });
    expect(confirm).toHaveTextContent('Dana Reyes will be removed from this workspace.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rpcCalls('bulk_delete_contacts')).toEqual([{ workspace_id: 'org-1', contact_ids: ['c1'] }]));
    // The fake list still shows Dana after the reload: only dropping the deleted id keeps her out of the selection.
    await waitFor(() => expect(selectionStatus()).toHaveTextContent('1 selected'));
    expect(screen.getByRole('checkbox', { name: 'Select Dana Reyes' })).not.toBeChecked();
    await userEvent.type(screen.getByRole('textbox', { name: 'Tag to add or remove' }), 'q4');
    await userEvent.click(screen.getByRole('button', { name: 'Add Tag' }));
    await waitFor(() => expect(rpcCalls('bulk_tag_contacts')).toEqual([{ workspace_id: 'org-1', contact_ids: ['c2'], add_tags: ['q4'], remove_tags: [] }]));
  });

  it('gives a viewer no selection, no add, no import', async () => {
    contactsWorld.role = 'viewer';
    await renderContacts();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Contact' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });
});

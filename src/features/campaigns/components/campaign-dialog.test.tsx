import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adConsole, listCalls, renderConsole, resetAdConsole, writeCall } from '@/features/campaigns/testing/ad-console-fixture';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

beforeEach(resetAdConsole);

describe('campaign dialog', () => {
  async function openCreate() {
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Campaign' }));
    return screen.findByRole('dialog', { name: 'Create Campaign' });
  }

  it("creates an advertising campaign with the user's id and organization, then 'Campaign created successfully!'", async () => {
    const success = vi.spyOn(toast, 'success');
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Summer Sale');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Budget (USD)' }), '2500.75');
    fireEvent.change(within(dialog).getByLabelText('Start Date'), { target: { value: '2026-07-01' } });
    fireEvent.change(within(dialog).getByLabelText('End Date'), { target: { value: '2026-07-31' } });
    const platforms = within(dialog).getByRole('group', { name: 'Platforms' });
    await userEvent.click(within(platforms).getByRole('checkbox', { name: 'TikTok Ads' }));
    await userEvent.click(within(platforms).getByRole('checkbox', { name: 'Google Ads' }));
    await userEvent.click(within(within(dialog).getByRole('group', { name: 'Ad Collateral' })).getByRole('checkbox', { name: 'Landing Pages' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Campaign' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Campaign created successfully!'));
    expect(writeCall('insert')!.values).toEqual({
      title: 'Summer Sale',
      description: null,
      status: 'draft',
      budget: 2500.75,
      start_date: '2026-07-01',
      end_date: '2026-07-31',
      target_audience: null,
      goals: null,
      execution_methods: [],
      platforms: ['Google Ads', 'TikTok Ads'],
      ad_collateral: ['Landing Pages'],
      type: 'advertising',
      user_id: 'user-1',
      organization_id: 'org-1',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('sends an empty budget as null', async () => {
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'No budget yet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Campaign' }));
    await waitFor(() => expect(writeCall('insert')).toBeDefined());
    expect((writeCall('insert')!.values as { budget: unknown }).budget).toBeNull();
  });

  it('refuses a negative budget and an end date before the start date, sending nothing', async () => {
    const dialog = await openCreate();
    const budget = within(dialog).getByRole('spinbutton', { name: 'Budget (USD)' });
    expect(budget).toHaveAttribute('step', '0.01');
    expect(budget).toHaveAttribute('min', '0');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Backwards');
    await userEvent.type(budget, '-5');
    fireEvent.change(within(dialog).getByLabelText('Start Date'), { target: { value: '2026-07-10' } });
    fireEvent.change(within(dialog).getByLabelText('End Date'), { target: { value: '2026-07-01' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Campaign' }));
    expect(within(dialog).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'The budget cannot be negative',
      'The end date cannot be before the start date',
    ]);
    expect(writeCall('insert')).toBeUndefined();
  });

  it("keeps the dialog open with everything typed and ticked when saving fails: 'Error saving campaign'", async () => {
    const failure = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    adConsole.onWrite = () => ({ data: null, error: { message: 'TypeError: Failed to fetch' } });
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Unsaved campaign');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Goals' }), 'Many leads');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Budget (USD)' }), '99.99');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Display Ads' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Campaign' }));

    await waitFor(() => expect(failure).toHaveBeenCalledWith('Error saving campaign', { description: 'Please try again' }));
    expect(screen.getByRole('dialog', { name: 'Create Campaign' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Unsaved campaign');
    expect(within(dialog).getByRole('textbox', { name: 'Goals' })).toHaveValue('Many leads');
    expect(within(dialog).getByRole('spinbutton', { name: 'Budget (USD)' })).toHaveValue(99.99);
    expect(within(dialog).getByRole('checkbox', { name: 'Display Ads' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Save Campaign' })).toBeEnabled();
  });

  it("edits a campaign with its stored values and 'Campaign updated successfully!'", async () => {
    const success = vi.spyOn(toast, 'success');
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Spring Launch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Campaign' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Budget (USD)' })).toHaveValue(1500.5);
    expect(within(dialog).getByRole('checkbox', { name: 'Retargeting' })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Active');
    await userEvent.clear(within(dialog).getByRole('spinbutton', { name: 'Budget (USD)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Campaign' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Campaign updated successfully!'));
    expect(writeCall('update')).toMatchObject({ filters: [['id', 'k1']], values: { title: 'Spring Launch', budget: null, execution_methods: ['Search Ads', 'Retargeting'] } });
    expect(writeCall('update')!.values).not.toHaveProperty('type');
  });
});

describe('deleting a campaign', () => {
  it("asks 'Are you sure you want to delete this campaign?', then 'Campaign deleted successfully!'", async () => {
    const success = vi.spyOn(toast, 'success');
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'View Spring Launch' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Spring Launch' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure you want to delete this campaign?' });
    adConsole.rows = adConsole.rows.slice(1);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Campaign deleted successfully!'));
    expect(writeCall('delete')).toMatchObject({ filters: [['id', 'k1']], returning: 'id' });
    await waitFor(() => expect(screen.queryByText('Spring Launch')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Advertising Campaigns' })).toHaveFocus();
  });

  it('says so when the campaign was already deleted (nothing deleted), and reloads the list', async () => {
    const success = vi.spyOn(toast, 'success');
    const failure = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    adConsole.onWrite = (call) => (call.operation === 'delete' ? { data: [], error: null } : undefined);
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Spring Launch' }));
    adConsole.rows = adConsole.rows.slice(1);
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Error deleting campaign', { description: 'This campaign no longer exists.' }));
    expect(success).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByText('Spring Launch')).not.toBeInTheDocument());
    expect(listCalls()).toHaveLength(2);
  });

  it('a member removed meanwhile hears they lost access, not that the campaign is gone (issue 25)', async () => {
    const failure = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    adConsole.onWrite = (call) => (call.operation === 'delete' ? { data: [], error: null } : undefined);
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Spring Launch' }));
    adConsole.workspaces = [{ id: 'org-2', name: 'Own Works' }];
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Error deleting campaign', { description: 'You no longer have access to Analytical Engines.' }));
  });

  it("shows 'Error deleting campaign' when it fails", async () => {
    const failure = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    adConsole.onWrite = () => ({ data: null, error: { message: 'permission denied' } });
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Spring Launch' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Error deleting campaign', { description: 'Please try again' }));
    expect(screen.getByText('Spring Launch')).toBeInTheDocument();
  });
});

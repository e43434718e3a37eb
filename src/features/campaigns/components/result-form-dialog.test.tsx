import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ResultFormDialog } from '@/features/campaigns/components/result-form-dialog';
import { campaign } from '@/features/campaigns/testing/ad-console-fixture';
import { AuthProvider } from '@/lib/auth';
import { localDay } from '@/lib/periods';
import { supabase } from '@/lib/supabase';
import { fakeSession, workspaceRows, type FakeResult, type FakeSupabase, type QueryCall } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
let saveAnswer: FakeResult;

function respond(call: QueryCall) {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', organization_id: 'org-1', first_name: 'Ada', last_name: 'L', marketing_role: null }, error: null };
  if (call.table === 'rpc:import_campaign_results') return saveAnswer;
  return workspaceRows(call, [{ id: 'org-1', name: 'Analytical Engines' }]);
}

function renderForm() {
  const onClose = vi.fn();
  renderRoutes([{ path: '/', element: <AuthProvider><ResultFormDialog campaign={campaign()} onClose={onClose} /></AuthProvider> }]);
  return { onClose, user: userEvent.setup() };
}

const saves = () => fake.calls.filter((call) => call.table === 'rpc:import_campaign_results');

beforeEach(() => {
  fake.reset();
  fake.respondWith(respond);
  fake.setSession(fakeSession());
  saveAnswer = { data: { added: 1, updated: 0, unchanged: 0 }, error: null };
});

describe('ResultFormDialog', () => {
  it('puts each error by its field, focuses the first, and sends nothing', async () => {
    const { user } = renderForm();
    const dialog = await screen.findByRole('dialog', { name: 'Add results: Spring Launch' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Clicks' }), '1.5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Revenue (USD)' }), 'lots');
    await user.click(within(dialog).getByRole('button', { name: 'Save Results' }));

    const clicks = within(dialog).getByRole('textbox', { name: 'Clicks' });
    expect(clicks).toHaveAttribute('aria-invalid', 'true');
    expect(clicks).toHaveAccessibleDescription('"1.5" is not a whole number');
    const revenue = within(dialog).getByRole('textbox', { name: 'Revenue (USD)' });
    expect(revenue).toHaveAccessibleDescription('"lots" is not a number of 0 or more');
    expect(within(dialog).getByRole('textbox', { name: 'Spend (USD)' })).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(clicks).toHaveFocus());
    expect(saves()).toHaveLength(0);
  });

  it('keeps everything typed open when the save fails, says why, and saves it on the next try', async () => {
    saveAnswer = { data: null, error: { message: 'new row violates row-level security policy', code: '42501' } };
    const error = vi.spyOn(toast, 'error');
    const success = vi.spyOn(toast, 'success');
    const { user, onClose } = renderForm();
    const dialog = await screen.findByRole('dialog', { name: 'Add results: Spring Launch' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Impressions' }), '1,200');
    await user.type(within(dialog).getByRole('textbox', { name: 'Clicks' }), '48');
    await user.type(within(dialog).getByRole('textbox', { name: 'Spend (USD)' }), '$12.50');
    await user.click(within(dialog).getByRole('button', { name: 'Save Results' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Error saving results', { description: 'Your access role does not allow importing results' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('textbox', { name: 'Impressions' })).toHaveValue('1,200');
    expect(within(dialog).getByRole('textbox', { name: 'Clicks' })).toHaveValue('48');
    expect(within(dialog).getByRole('textbox', { name: 'Spend (USD)' })).toHaveValue('$12.50');

    saveAnswer = { data: { added: 1, updated: 0, unchanged: 0 }, error: null };
    await user.click(within(dialog).getByRole('button', { name: 'Save Results' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith('Results saved');
    expect(saves().map((call) => call.values)).toEqual([
      ...Array(2).fill({
        campaign_id: 'k1',
        results: [{ day: localDay(), platform: 'Google Ads', impressions: 1200, clicks: 48, conversions: 0, spend: 12.5, revenue: 0 }],
        dry_run: false,
      }),
    ]);
  });
});

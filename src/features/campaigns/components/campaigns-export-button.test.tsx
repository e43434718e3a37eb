import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CampaignsExportButton } from '@/features/campaigns/components/campaigns-export-button';
import { campaign } from '@/features/campaigns/testing/ad-console-fixture';
import { campaignColumns } from '@/features/campaigns/utils/results-export';
import { AuthProvider } from '@/lib/auth';
import { downloadCsv, toCsv } from '@/lib/csv-export';
import type * as CsvExport from '@/lib/csv-export';
import { localDay } from '@/lib/periods';
import { supabase } from '@/lib/supabase';
import { fakeSession, workspaceRows, type FakeSupabase, type QueryCall } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});
vi.mock('@/lib/csv-export', async (original) => ({ ...(await original<typeof CsvExport>()), downloadCsv: vi.fn() }));

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
const pageCalls = () => fake.calls.filter((call) => call.table === 'campaigns');

/** 503 campaigns, newest first: the export reads them 500 at a time (501 asked, to know there is more). */
const all = Array.from({ length: 503 }, (_, index) =>
  campaign({ id: `k${String(index).padStart(3, '0')}`, title: `Campaign ${index}`, created_at: new Date(Date.UTC(2026, 0, 1) - index * 60_000).toISOString() }),
);

function respond(call: QueryCall) {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', organization_id: 'org-1', first_name: 'Ada', last_name: 'L', marketing_role: null }, error: null };
  if (call.table === 'campaigns') return { data: pageCalls().length === 1 ? all.slice(0, call.limit) : all.slice(500, 500 + call.limit!), error: null };
  return workspaceRows(call, [{ id: 'org-1', name: 'Analytical Engines' }]);
}

beforeEach(() => {
  fake.reset();
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

describe('CampaignsExportButton', () => {
  it('exports every advertising campaign of the workspace, page after page, not only those on screen', async () => {
    renderRoutes([{ path: '/', element: <AuthProvider><CampaignsExportButton /></AuthProvider> }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloadCsv).toHaveBeenCalledTimes(1));
    const [fileName, columns, rows] = vi.mocked(downloadCsv).mock.calls[0]!;
    expect(fileName).toBe(`analytical-engines-campaigns-${localDay()}.csv`);
    expect(columns).toBe(campaignColumns);
    expect((rows as { id: string }[]).map((row) => row.id)).toEqual(all.map((row) => row.id));
    expect(pageCalls().map((call) => [call.limit, call.filters])).toEqual([
      [501, [['organization_id', 'org-1'], ['type', 'advertising']]],
      [501, [['organization_id', 'org-1'], ['type', 'advertising'], ['created_at', `lte.${all[499]!.created_at}`], ['or', `created_at.lt."${all[499]!.created_at}",id.lt."k499"`]]],
    ]);
  });
});

describe('campaignColumns', () => {
  it('writes every column of the list, empty for what a campaign lacks, and neutralises formulas', () => {
    const rows = [
      campaign({ title: '=HYPERLINK("http://evil.example","Click")', description: '+1 for spring', budget: 1500.5, platforms: ['Google Ads', 'LinkedIn Ads'] }),
      campaign({ id: 'k2', title: 'Plain', description: null, status: 'paused', budget: null, start_date: null, end_date: null, platforms: [] }),
    ];
    const [header, first, second] = toCsv(campaignColumns, rows, { bom: false }).split('\r\n');
    expect(header).toBe('Title,Description,Status,Budget,Start Date,End Date,Platforms,Created');
    expect(first).toBe(`"'=HYPERLINK(""http://evil.example"",""Click"")",'+1 for spring,active,1500.5,2026-06-01,2026-06-30,Google Ads; LinkedIn Ads,2026-05-01T09:00:00+00:00`);
    expect(second).toBe('Plain,,paused,,,,,2026-05-01T09:00:00+00:00');
  });
});

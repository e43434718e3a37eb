import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ResultsImportDialog } from '@/features/campaigns/components/results-import-dialog';
import { campaign } from '@/features/campaigns/testing/ad-console-fixture';
import { AuthProvider } from '@/lib/auth';
import { addDays } from '@/lib/periods';
import { supabase } from '@/lib/supabase';
import { fakeSession, workspaceRows, type FakeResult, type FakeSupabase, type QueryCall } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

// The remembered mapping is the database's (tests/integration/results-import.test.ts); here its save may fail.
const mappingStore = vi.hoisted(() => ({ load: async () => null, save: async (_mapping: unknown): Promise<void> => undefined }));
vi.mock('@/lib/csv-mapping-store', () => ({ workspaceMappingStore: () => mappingStore }));

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
type Row = { day: string; platform: string; line: number; impressions: number; clicks: number; conversions: number; spend: number; revenue: number };
type ImportArgs = { campaign_id: string; results: Row[]; dry_run: boolean };

/** How import_campaign_results answers a call (default: every row new). */
let answer: (args: ImportArgs, call: number) => FakeResult | Promise<FakeResult>;
const importCalls = () => fake.calls.filter((call) => call.table === 'rpc:import_campaign_results').map((call) => call.values as ImportArgs);
const stored = (args: ImportArgs): FakeResult => ({ data: { added: args.results.length, updated: 0, unchanged: 0, ...(args.dry_run ? { refused: [] } : {}) }, error: null });

function respond(call: QueryCall) {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', organization_id: 'org-1', first_name: 'Ada', last_name: 'L', marketing_role: null }, error: null };
  if (call.table === 'rpc:import_campaign_results') return answer(call.values as ImportArgs, importCalls().length);
  return workspaceRows(call, [{ id: 'org-1', name: 'Analytical Engines' }]);
}

/** A file of `count` days on one platform from 1 January 2020 (line 2 is the first day), and `extra` lines after. */
function resultsFile(count: number, extra: string[] = []) {
  const lines = ['Day,Platform,Clicks,Cost', ...Array.from({ length: count }, (_, index) => `${addDays('2020-01-01', index)},Google Ads,5,1.50`), ...extra];
  return new File([lines.join('\n')], 'results.csv', { type: 'text/csv' });
}

async function openPreview(file: File) {
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderRoutes([{ path: '/', element: <AuthProvider><ResultsImportDialog campaign={campaign()} onClose={onClose} /></AuthProvider> }]);
  await user.upload(await screen.findByLabelText('CSV file'), file);
  await user.click(await screen.findByRole('button', { name: 'Next' }));
  return { user, onClose };
}

/** A file of tests/fixtures/ad-exports as the browser hands it to the wizard. */
function exportFile(name: string) {
  return new File([readFileSync(path.resolve(import.meta.dirname, '../../../../tests/fixtures/ad-exports', name))], name, { type: 'text/csv' });
}

/** Picks the file, checks what the mapping step says was left out, gives every line `platform`, goes to the preview. */
async function mapExport(name: string, platform: string) {
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderRoutes([{ path: '/', element: <AuthProvider><ResultsImportDialog campaign={campaign()} onClose={onClose} /></AuthProvider> }]);
  await user.upload(await screen.findByLabelText('CSV file'), exportFile(name));
  expect(await screen.findByText('Step 2 of 4: Match the columns')).toBeInTheDocument();
  await user.click(screen.getByRole('combobox', { name: 'Platform (required)' }));
  await user.click(await screen.findByRole('option', { name: `Every line: ${platform}` }));
  return { user, onClose };
}

const leftOutList = () => within(screen.getByRole('list', { name: /not data and will not be imported/ })).getAllByRole('listitem').map((item) => item.textContent);
const combobox = (name: string) => screen.getByRole('combobox', { name }).textContent;
type Figure = 'impressions' | 'clicks' | 'conversions' | 'spend' | 'revenue';
const sum = (rows: Row[], key: Figure) => Math.round(rows.reduce((total, row) => total + row[key], 0) * 100) / 100;
const FIGURES: Figure[] = ['impressions', 'clicks', 'conversions', 'spend', 'revenue'];

async function importAll(user: ReturnType<typeof userEvent.setup>, rows: number) {
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText(`All ${rows} rows are ready to import.`)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: `Import ${rows} rows` }));
  expect(await screen.findByText(`${rows} new`)).toBeInTheDocument();
  return importCalls().flatMap((args) => args.results);
}

async function chooseAllOrNothing(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('combobox', { name: 'Lines with errors' }));
  await user.click(await screen.findByRole('option', { name: 'Import nothing if any line is bad' }));
}

beforeEach(() => {
  fake.reset();
  fake.respondWith(respond);
  fake.setSession(fakeSession());
  answer = stored;
  mappingStore.save = async () => undefined;
});

describe('ResultsImportDialog', () => {
  it('sends a large file 1,000 rows at a time, with their file lines, the progress bar following each stored batch', async () => {
    let releaseSecond: () => void = () => {};
    answer = (args, call) => (call === 2 ? new Promise((resolve) => (releaseSecond = () => resolve(stored(args)))) : stored(args));
    const { user } = await openPreview(resultsFile(2_500));
    expect(await screen.findByText('All 2500 rows are ready to import.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 2500 rows' }));

    // The first batch is stored, the second on its way: the bar says 1,000 of 2,500.
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '1000'));
    expect(screen.getByText('Importing 1000 of 2500 rows...')).toBeInTheDocument();
    releaseSecond();
    expect(await screen.findByText('2500 new')).toBeInTheDocument();

    const calls = importCalls();
    expect(calls.map((args) => [args.results.length, args.dry_run])).toEqual([[1000, false], [1000, false], [500, false]]);
    expect(calls.map((args) => [args.results[0]!.line, args.results.at(-1)!.line])).toEqual([[2, 1001], [1002, 2001], [2002, 2501]]);
    expect(calls[0]!.results[0]).toEqual({ day: '2020-01-01', platform: 'Google Ads', clicks: 5, spend: 1.5, line: 2, impressions: 0, conversions: 0, revenue: 0 });
  });

  it('imports nothing if any line is bad, when chosen: a line with errors in the preview blocks the import', async () => {
    const bad = await openPreview(resultsFile(3, ['2020-01-04,Orkut,1,1']));
    await chooseAllOrNothing(bad.user);
    expect(await screen.findByText(/Nothing will be imported: 1 line has errors/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 3 rows, skip 1 line' })).toBeDisabled();
  });

  it('checks every batch with a dry run before storing any, and stores them when none is refused', async () => {
    const { user } = await openPreview(resultsFile(1_500));
    await chooseAllOrNothing(user);
    await user.click(await screen.findByRole('button', { name: 'Import 1500 rows' }));
    expect(await screen.findByText('1500 new')).toBeInTheDocument();
    expect(importCalls().map((args) => [args.results.length, args.dry_run])).toEqual([[1000, true], [500, true], [1000, false], [500, false]]);
  });

  it('stores nothing when a dry run refuses a line, and names it', async () => {
    answer = (args) => (args.dry_run && args.results[0]!.line === 1002 ? { data: { added: 0, updated: 0, unchanged: 0, refused: [{ line: 1200, message: 'Date: out of range' }] }, error: null } : stored(args));
    const { user, onClose } = await openPreview(resultsFile(1_500));
    await chooseAllOrNothing(user);
    await user.click(await screen.findByRole('button', { name: 'Import 1500 rows' }));
    expect(await screen.findByText('Nothing was imported')).toBeInTheDocument();
    expect(screen.getByText(/Line 1200/).closest('li')).toHaveTextContent('Line 1200: Date: out of range');
    expect(importCalls().every((args) => args.dry_run)).toBe(true);
    const error = vi.spyOn(toast, 'error');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(error).toHaveBeenCalledWith('Nothing imported: some lines were refused');
    expect(onClose).toHaveBeenCalled();
  });

  it('leaves out a day and platform repeated in a later batch, and names it with the line it repeats', async () => {
    const { user } = await openPreview(resultsFile(1_000, ['2020-01-01,Google Ads,9,9']));
    await user.click(await screen.findByRole('button', { name: 'Import 1001 rows' }));
    expect(await screen.findByText('1000 new')).toBeInTheDocument();
    expect(screen.getByText(/Line 1002/)).toHaveTextContent('Line 1002: Same day and platform as line 2');
    // The second batch held only the repeat: nothing to send.
    expect(importCalls().map((args) => args.results.length)).toEqual([1000]);
  });

  it('says which rows are kept when a batch fails mid-import, and that the same file again finishes it', async () => {
    answer = (args, call) => (call === 2 ? { data: null, error: { message: 'connection lost' } } : stored(args));
    const { user } = await openPreview(resultsFile(1_500));
    await user.click(await screen.findByRole('button', { name: 'Import 1500 rows' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The import stopped: 500 rows were not imported. connection lost');
    expect(alert).toHaveTextContent('The 1,000 rows before it were imported and are kept. Import the same file again to finish: rows already imported count as unchanged, nothing is doubled.');
    const error = vi.spyOn(toast, 'error');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(error).toHaveBeenCalledWith('Error importing results', { description: expect.stringContaining('The 1,000 rows before it were imported and are kept.') });
  });

  it('says so when the column choice cannot be remembered, and goes on with the import', async () => {
    mappingStore.save = async () => Promise.reject(new Error('permission denied'));
    const error = vi.spyOn(toast, 'error');
    const { user } = await openPreview(resultsFile(2));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Your choice of columns could not be remembered', { description: 'The import goes on; next time, choose the columns again.' }));
    await user.click(await screen.findByRole('button', { name: 'Import 2 rows' }));
    expect(await within(screen.getByRole('dialog')).findByText('2 new')).toBeInTheDocument();
  });
});

describe('ResultsImportDialog with the ad platforms’ own exports (tests/fixtures/ad-exports)', () => {
  it.each(['google-ads-campaign-report.csv', 'google-ads-campaign-report-excel.csv'])(
    'Google Ads %s: finds the header on line 3, leaves out the title, the date range and the totals, and sends the 7 days with fractional conversions',
    async (name) => {
      const { user } = await mapExport(name, 'Google Ads');
      expect(screen.getByText(/The column names are on line 3\. 5 lines are not data and will not be imported:/)).toBeInTheDocument();
      expect(leftOutList()).toEqual([
        `Line 1: above the column names (“Campaign report”)`,
        `Line 2: above the column names (“${name.includes('excel') ? '1 October 2026 - 7 October 2026' : 'October 1, 2026 - October 7, 2026'}”)`,
        'Line 11: a total row (“Total: Campaigns”)',
        'Line 12: a total row (“Total: Account”)',
        'Line 13: a total row (“Total: Search”)',
      ]);
      expect([combobox('Date (required)'), combobox('Impressions'), combobox('Spend'), combobox('Conversions'), combobox('Revenue'), combobox('Currency')]).toEqual([
        'Day', 'Impr.', 'Cost', 'Conversions', 'Conv. value', 'Currency code',
      ]);
      const sent = await importAll(user, 7);
      expect(sent.map(({ line, day, impressions, clicks, conversions, spend, revenue }) => [line, day, impressions, clicks, conversions, spend, revenue])).toEqual([
        [4, '2026-10-01', 12480, 412, 12.5, 301.55, 1250],
        [5, '2026-10-02', 11902, 398, 9, 289.1, 905.4],
        [6, '2026-10-03', 9870, 305, 7.33, 240, 733],
        [7, '2026-10-04', 8415, 270, 0, 198.73, 0],
        [8, '2026-10-05', 13560, 455, 15.75, 335.2, 1602.35],
        [9, '2026-10-06', 14204, 489, 22, 1012.45, 2310],
        [10, '2026-10-07', 12999, 430, 11.17, 318.07, 1096.85],
      ]);
      expect(sent.every((row) => row.platform === 'Google Ads')).toBe(true);
      // The summary names every line that is not in the workspace, the title lines and totals included.
      expect(screen.getByText('5 lines were not imported:')).toBeInTheDocument();
    },
  );

  it('Meta Ads Manager: leaves out the summary row over the whole week and sends the 7 days', async () => {
    const { user } = await mapExport('meta-ads-manager-export.csv', 'Facebook Ads');
    expect([combobox('Date (required)'), combobox('End date'), combobox('Clicks'), combobox('Conversions'), combobox('Spend'), combobox('Revenue')]).toEqual([
      'Reporting starts', 'Reporting ends', 'Link clicks', 'Results', 'Amount spent (USD)', 'Purchases conversion value',
    ]);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('All 7 rows are ready to import.')).toBeInTheDocument();
    expect(leftOutList()).toEqual(['Line 2: it covers 2026-10-01 to 2026-10-07, not one day (a summary row)']);
    await user.click(screen.getByRole('button', { name: 'Import 7 rows' }));
    expect(await screen.findByText('7 new')).toBeInTheDocument();
    const sent = importCalls().flatMap((args) => args.results);
    expect(sent.map((row) => [row.line, row.day])).toEqual([3, 4, 5, 6, 7, 8, 9].map((line, index) => [line, `2026-10-0${index + 1}`]));
    expect(FIGURES.map((key) => sum(sent, key))).toEqual([132012, 2903, 31, 872.2, 2933.4]);
  });

  it('LinkedIn Campaign Manager: reads the UTF-16 tab-separated file under its four report lines, days month first', async () => {
    const { user } = await mapExport('linkedin-campaign-performance-report.csv', 'LinkedIn Ads');
    expect(screen.getByText(/The column names are on line 5\. 4 lines are not data and will not be imported:/)).toBeInTheDocument();
    expect(leftOutList()[1]).toBe('Line 2: above the column names (“Report Start: 10/1/2026, 12:00 AM”)');
    expect([combobox('Date (required)'), combobox('Spend'), combobox('Revenue'), combobox('Currency')]).toEqual(['Start Date (in UTC)', 'Total Spent', 'Conversion Value', 'Currency']);
    const sent = await importAll(user, 7);
    expect(sent.map((row) => row.day)).toEqual(['2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04', '2026-10-05', '2026-10-06', '2026-10-07']);
    expect(FIGURES.map((key) => sum(sent, key))).toEqual([43830, 326, 13, 1085, 4075.5]);
  });
});

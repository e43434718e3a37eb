import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { CsvImportDialog } from '@/components/csv/csv-import-dialog';
import type { CsvMapping } from '@/components/csv/csv-schema';
import { testSchema, type TestKey } from '@/components/csv/csv-test-schema';

type Batch = (
  rows: unknown[],
  lines: number[],
) => Promise<{ added: number; updated: number; unchanged: number; skipped?: { line: number; reason: string }[]; refused?: { line: number; reason: string }[] }>;

function setup(options: { remembered?: CsvMapping<TestKey> | null; importBatch?: Batch; checkBatch?: Batch; extra?: ReactNode } = {}) {
  const store = { load: vi.fn(async () => options.remembered ?? null), save: vi.fn(async () => undefined) };
  const importBatch = options.importBatch ?? vi.fn<Batch>(async (rows: unknown[]) => ({ added: rows.length, updated: 0, unchanged: 0 }));
  const onClose = vi.fn();
  render(
    <CsvImportDialog
      title="Import results"
      description="From a CSV file"
      schema={testSchema}
      mappingStore={store}
      importBatch={importBatch}
      describeError={(error) => (error instanceof Error ? error.message : 'unknown')}
      onClose={onClose}
      options={options.extra}
      allOrNothing={options.checkBatch ? { checkBatch: options.checkBatch } : null}
    />,
  );
  return { store, importBatch, onClose, user: userEvent.setup() };
}

const csvFile = (text: string, name = 'results.csv') => new File([text], name, { type: 'text/csv' });

describe('CsvImportDialog', () => {
  it('maps the columns, shows the lines with errors, imports the rest and says which lines were skipped', async () => {
    const { store, importBatch, onClose, user } = setup();
    await user.upload(screen.getByLabelText('CSV file'), csvFile('Day,Platform,Link clicks,Cost\n2026-01-01,Google Ads,5,1.5\n2026-01-02,MySpace,x,1\n2026-01-03,Facebook Ads,7,\n'));

    expect(await screen.findByText('Step 2 of 4: Match the columns')).toBeInTheDocument();
    expect(screen.getByText('First row: 2026-01-01')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('2 rows are ready; 1 line has errors and will not be imported.')).toBeInTheDocument();
    expect(screen.getByText(/Platform: must be Google Ads or Facebook Ads; Clicks: must be a whole number of 0 or more/)).toBeInTheDocument();
    expect(screen.getByText('Line 3:')).toBeInTheDocument();
    expect(store.save).toHaveBeenCalledWith({ date: 'Day', platform: 'Platform', clicks: 'Link clicks', spend: 'Cost' });

    await user.click(screen.getByRole('button', { name: 'Import 2 rows, skip 1 line' }));
    expect(await screen.findByText('Import finished')).toBeInTheDocument();
    expect(importBatch).toHaveBeenCalledTimes(1);
    expect(importBatch).toHaveBeenCalledWith(
      [
        { date: '2026-01-01', platform: 'Google Ads', clicks: 5, spend: 1.5 },
        { date: '2026-01-03', platform: 'Facebook Ads', clicks: 7, spend: 0 },
      ],
      [2, 4],
    );
    // The line the preview's checks left out is named in the summary with its reasons.
    expect(screen.getByText('1 line was not imported:')).toBeInTheDocument();
    expect(screen.getByText('Line 3: Platform: must be Google Ads or Facebook Ads; Clicks: must be a whole number of 0 or more')).toBeInTheDocument();
    expect(screen.getByText('2 new')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledWith(
      expect.objectContaining({
        added: 2,
        skippedLines: [3],
        invalid: [{ line: 3, reason: 'Platform: must be Google Ads or Facebook Ads; Clicks: must be a whole number of 0 or more' }],
      }),
    );
  });

  it('starts from the remembered mapping and keeps the user on the mapping step while a required field has no column', async () => {
    const { user } = setup({ remembered: { date: 'When' } });
    await user.upload(screen.getByLabelText('CSV file'), csvFile('When,Platform,Spend\n2026-01-01,Google Ads,1\n'));
    expect(await screen.findByText('First row: 2026-01-01')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a column (or a value for every line) for: Clicks.');
  });

  it('imports a file without a Platform column: the platform chosen for every line in the mapping step', async () => {
    const { importBatch, store, user } = setup();
    await user.upload(screen.getByLabelText('CSV file'), csvFile('Day,Link clicks\n2026-01-01,5\n2026-01-02,7\n'));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a column (or a value for every line) for: Platform.');

    await user.click(screen.getByRole('combobox', { name: /^Platform/ }));
    await user.click(await screen.findByRole('option', { name: 'Every line: Facebook Ads' }));
    expect(screen.getByRole('combobox', { name: /^Platform/ })).toHaveTextContent('Every line: Facebook Ads');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('All 2 rows are ready to import.')).toBeInTheDocument();
    expect(screen.getAllByRole('cell', { name: 'Facebook Ads' })).toHaveLength(2);
    expect(store.save).toHaveBeenCalledWith({ date: 'Day', clicks: 'Link clicks' });

    await user.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    expect(await screen.findByText('Import finished')).toBeInTheDocument();
    expect(importBatch).toHaveBeenCalledWith(
      [
        { date: '2026-01-01', platform: 'Facebook Ads', clicks: 5, spend: 0 },
        { date: '2026-01-02', platform: 'Facebook Ads', clicks: 7, spend: 0 },
      ],
      [2, 3],
    );
  });

  it('refuses a file that is too large or not a CSV, by the file field', async () => {
    const { user } = setup();
    const huge = csvFile('a,b\n1,2\n');
    Object.defineProperty(huge, 'size', { value: 20 * 1024 * 1024 });
    await user.upload(screen.getByLabelText('CSV file'), huge);
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is larger than 5 MB.');
    // What a browser lets through when the user picks "All files".
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [new File(['x'], 'photo.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This is not a CSV file.'));
  });

  it('shows the feature’s options before importing, and lists every line not imported with why, in file order', async () => {
    const importBatch = vi.fn<Batch>(async (_rows, lines) => ({
      added: 0,
      updated: 0,
      unchanged: 0,
      skipped: [{ line: lines[1]!, reason: 'Already there.' }],
      refused: [{ line: lines[0]!, reason: 'Refused by the store.' }],
    }));
    const { user } = setup({ importBatch, extra: <p>Duplicates: skip</p> });
    await user.upload(screen.getByLabelText('CSV file'), csvFile('Date,Platform,Clicks\n2026-01-01,Google Ads,5\n2026-01-02,Google Ads,many\n2026-01-03,Google Ads,6\n'));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Duplicates: skip')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 2 rows, skip 1 line' }));
    const list = await screen.findByRole('list', { name: '3 lines were not imported:' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Line 2: Refused by the store.',
      'Line 3: Clicks: must be a whole number of 0 or more',
      'Line 4: Already there.',
    ]);
  });

  it('says the import stopped when the batch fails, and nothing counts as imported', async () => {
    const importBatch = vi.fn<Batch>(async () => {
      throw new Error('The campaign was deleted');
    });
    const { user } = setup({ importBatch });
    await user.upload(screen.getByLabelText('CSV file'), csvFile('Date,Platform,Clicks\n2026-01-01,Google Ads,5\n'));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Import 1 row' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The import stopped: 1 row was not imported. The campaign was deleted');
    expect(screen.getByText('0 new')).toBeInTheDocument();
  });

  describe('import nothing if any line is bad', () => {
    it('does not import while the preview has lines with errors, and says why', async () => {
      const checkBatch = vi.fn<Batch>(async (rows) => ({ added: rows.length, updated: 0, unchanged: 0 }));
      const { importBatch, user } = setup({ checkBatch });
      await user.upload(screen.getByLabelText('CSV file'), csvFile('Day,Platform,Link clicks\n2026-01-01,Google Ads,5\n2026-01-02,MySpace,x\n'));
      await user.click(await screen.findByRole('button', { name: 'Next' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Nothing will be imported: 1 line has errors (listed above).');
      expect(screen.getByText('Line 3:')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Import 1 row, skip 1 line' })).toBeDisabled();
      expect(checkBatch).not.toHaveBeenCalled();
      expect(importBatch).not.toHaveBeenCalled();
    });

    it('checks first, and imports nothing when the store refuses a line, naming it', async () => {
      const checkBatch = vi.fn<Batch>(async (_rows, lines) => ({ added: 1, updated: 0, unchanged: 0, refused: [{ line: lines[1]!, reason: 'Refused by the server.' }] }));
      const { importBatch, onClose, user } = setup({ checkBatch });
      await user.upload(screen.getByLabelText('CSV file'), csvFile('Date,Platform,Clicks\n2026-01-01,Google Ads,5\n2026-01-02,Google Ads,6\n'));
      await user.click(await screen.findByRole('button', { name: 'Next' }));
      await user.click(await screen.findByRole('button', { name: 'Import 2 rows' }));
      expect(await screen.findByText('Nothing was imported')).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('1 line was refused, so no line of this file was imported.');
      expect(screen.getByText('Line 3: Refused by the server.')).toBeInTheDocument();
      expect(importBatch).not.toHaveBeenCalled();
      await user.click(screen.getByRole('button', { name: 'Done' }));
      expect(onClose).toHaveBeenCalledWith(expect.objectContaining({ rejected: true, added: 0 }));
    });
  });
});

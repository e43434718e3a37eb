import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CsvPreviewRows } from '@/components/csv/csv-preview-rows';

const fields = [
  { key: 'email', label: 'Email', isRequired: false },
  { key: 'company', label: 'Company', isRequired: false },
] as const;
const rows = [{ line: 2, cells: { email: 'dana@northwind.example', company: 'Northwind' } }, { line: 4, cells: { email: 'li@contoso.example' } }];

function screenWide(isWide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: isWide, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CsvPreviewRows', () => {
  it('shows a table on a wide screen, in a box keyboard users can scroll', () => {
    screenWide(true);
    render(<CsvPreviewRows rows={rows} fields={fields} total={9} />);
    const region = screen.getByRole('region', { name: 'The first 2 of 9 rows to import' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getAllByRole('row').map((row) => row.textContent)).toEqual(['#EmailCompany', '2dana@northwind.exampleNorthwind', '4li@contoso.example']);
  });

  it('shows one card per line on a phone, every field labelled (a dash for an empty one)', () => {
    screenWide(false);
    render(<CsvPreviewRows rows={rows} fields={fields} total={9} />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('region', { name: 'The first 2 of 9 rows to import' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual(['Line 2Emaildana@northwind.exampleCompanyNorthwind', 'Line 4Emailli@contoso.exampleCompany—']);
  });
});

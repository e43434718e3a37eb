import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Chart } from '@/components/charts/chart';

const series = [
  { key: 'spend', label: 'Spend', format: (value: number) => `$${value.toFixed(2)}` },
  { key: 'revenue', label: 'Revenue', format: (value: number) => `$${value.toFixed(2)}` },
];

describe('Chart', () => {
  it('puts every figure in a table behind the chart, one row per x value, and hides the drawing from assistive technology', async () => {
    const { container } = render(
      <Chart
        title="Spend and revenue"
        kind="line"
        xKey="day"
        xLabel="Day"
        formatX={(day) => `on ${day}`}
        series={series}
        data={[
          { day: '2026-11-01', spend: 10, revenue: 25.5 },
          { day: '2026-11-02', spend: 0, revenue: 0 },
        ]}
      />,
    );
    expect(screen.getByRole('figure', { name: 'Spend and revenue' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Show the figures as a table'));
    const table = screen.getByRole('table', { name: 'Spend and revenue: the figures behind the chart' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['DaySpendRevenue', 'on 2026-11-01$10.00$25.50', 'on 2026-11-02$0.00$0.00']);
    expect(within(table).getByRole('rowheader', { name: 'on 2026-11-01' })).toBeInTheDocument();
    expect(container.querySelector('[aria-hidden="true"][style*="height"]')).not.toBeNull();
    // A long table scrolls in a region a keyboard can reach.
    expect(screen.getByRole('region', { name: 'Spend and revenue: the figures behind the chart' })).toHaveAttribute('tabindex', '0');
  });

  it('says there are no figures instead of drawing an empty chart', () => {
    render(<Chart title="Revenue by platform" kind="bar" xKey="platform" xLabel="Platform" series={series} data={[]} />);
    expect(screen.getByText('No figures for this period yet.')).toBeInTheDocument();
  });
});

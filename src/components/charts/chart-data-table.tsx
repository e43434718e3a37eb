import type { ChartRow, ChartSeries } from '@/components/charts/chart-types';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

interface ChartDataTableProps {
  caption: string;
  data: readonly ChartRow[];
  xKey: string;
  xLabel: string;
  formatX(value: string): string;
  series: readonly ChartSeries[];
}

/** The figures behind a chart as a real table: what a screen reader, a keyboard user or a copy-paste gets. */
export function ChartDataTable({ caption, data, xKey, xLabel, formatX, series }: ChartDataTableProps) {
  return (
    <Table>
      <TableCaption>{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{xLabel}</TableHead>
          {series.map((item) => (
            <TableHead key={item.key} scope="col" className="text-right">
              {item.label}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.map((row) => (
          <TableRow key={String(row[xKey])}>
            <TableHead scope="row" className="font-normal">
              {formatX(String(row[xKey]))}
            </TableHead>
            {series.map((item) => (
              <TableCell key={item.key} className="text-right tabular-nums">
                {item.format(Number(row[item.key] ?? 0))}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

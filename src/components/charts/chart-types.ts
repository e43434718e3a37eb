/** One series of a chart: which field of the rows it draws, its name, and how its values read. */
export interface ChartSeries {
  key: string;
  label: string;
  format(value: number): string;
  /** A dashed line (line charts): a comparison, such as the previous period. */
  dashed?: boolean;
  /** Which of `chartColors` it is drawn in (default: its position): a comparison in its figure's colour. */
  colorIndex?: number;
}

/** A chart's rows: one per x value (a day, a platform), holding the x value and one number per series. */
export type ChartRow = Record<string, string | number>;

export interface ChartCanvasProps {
  kind: 'line' | 'bar';
  data: readonly ChartRow[];
  xKey: string;
  formatX(value: string): string;
  series: readonly ChartSeries[];
  height: number;
}

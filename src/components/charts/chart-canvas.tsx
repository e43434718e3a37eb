import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartCanvasProps } from '@/components/charts/chart-types';
import { chartColors } from '@/config/chart-copy';

/**
 * The drawn chart (recharts), loaded on demand by `Chart` so recharts is only downloaded by pages that show a chart.
 * Hidden from assistive technology by its caller: the figures are in the table that `Chart` renders beside it.
 */
export default function ChartCanvas({ kind, data, xKey, formatX, series, height }: ChartCanvasProps) {
  const format = (value: unknown, key: unknown) => series.find((item) => item.key === key)?.format(Number(value)) ?? String(value);
  const tooltip = (
    <Tooltip
      labelFormatter={(label) => formatX(String(label))}
      formatter={(value, _name, item) => [format(value, item.dataKey), series.find((entry) => entry.key === item.dataKey)?.label ?? '']}
    />
  );
  const axes = [
    <CartesianGrid key="grid" strokeDasharray="3 3" vertical={false} />,
    <XAxis key="x" dataKey={xKey} tickFormatter={(value) => formatX(String(value))} tick={{ fontSize: 12 }} minTickGap={16} />,
    <YAxis key="y" tickFormatter={(value) => series[0]?.format(Number(value)) ?? String(value)} tick={{ fontSize: 12 }} width={72} />,
  ];
  return (
    <ResponsiveContainer width="100%" height={height}>
      {kind === 'bar' ? (
        <BarChart data={[...data]} accessibilityLayer={false}>
          {axes}
          {tooltip}
          <Legend />
          {series.map((item, index) => (
            <Bar key={item.key} dataKey={item.key} name={item.label} fill={chartColors[(item.colorIndex ?? index) % chartColors.length]} isAnimationActive={false} />
          ))}
        </BarChart>
      ) : (
        <LineChart data={[...data]} accessibilityLayer={false}>
          {axes}
          {tooltip}
          <Legend />
          {series.map((item, index) => (
            <Line
              key={item.key}
              type="monotone"
              dataKey={item.key}
              name={item.label}
              stroke={chartColors[(item.colorIndex ?? index) % chartColors.length]}
              strokeDasharray={item.dashed ? '6 4' : undefined}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      )}
    </ResponsiveContainer>
  );
}

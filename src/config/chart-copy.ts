import type { PeriodPreset } from '@/lib/periods';

/** Every text of the chart module and the period picker (src/components/charts), once. */
export const chartCopy = {
  loading: 'Loading chart...',
  loadFailed: 'The chart could not be loaded. The figures are in the table below.',
  showTable: 'Show the figures as a table',
  tableCaption: (title: string) => `${title}: the figures behind the chart`,
  noData: 'No figures for this period yet.',

  periodLabel: 'Period',
  presetLabel: (days: PeriodPreset) => `${days} days`,
  presetAccessibleLabel: (days: PeriodPreset) => `Last ${days} days`,
  custom: 'Custom',
  from: 'From',
  to: 'To',
  apply: 'Apply',
  periodErrors: {
    'invalid-from': 'Enter the first day of the period.',
    'invalid-to': 'Enter the last day of the period.',
    reversed: 'The first day must come before the last day.',
    'too-long': 'Choose a period of at most two years.',
  },
};

/** Series colours with at least 3:1 contrast on white (WCAG 1.4.11 for graphics), in the order series use them. */
export const chartColors = ['hsl(221 83% 45%)', 'hsl(142 72% 27%)', 'hsl(25 95% 40%)', 'hsl(280 60% 45%)', 'hsl(190 90% 28%)', 'hsl(340 75% 42%)'];

/** ROI as a percentage: 3.24 → '324%'; null → '–'. */
export function formatMultipleROI(value: number | null): string {
  return value === null ? '–' : `${Math.round(value * 100).toLocaleString('en-US')}%`;
}

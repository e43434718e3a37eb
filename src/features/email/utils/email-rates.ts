/** A rate as the module page shows it: "28.4%", or null when nothing counts towards it (not tracked, nothing sent). */
export function rate(part: number, whole: number): string | null {
  if (!whole) return null;
  const value = (part / whole) * 100;
  return `${value >= 10 || value === 0 ? value.toFixed(1) : value.toFixed(2)}%`;
}

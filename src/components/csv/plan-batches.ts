/**
 * Which rows go together to the store: consecutive slices of `size` rows, or, with `groupKey`, every row of a group
 * in the same batch (the batch of its group's first row), so that a store that checks a batch on its own (a dry
 * run) sees every row that can affect one record. A contact import groups lines by e-mail: repeats of an address
 * far apart in the file are merged or named as repeats in one call, and "import nothing" checks them together.
 *
 * Batches are filled with whole groups in the order of their first row, up to `size` rows. A group larger than
 * `size` (hundreds of lines about one record) is cut into batches of `size`, as the store takes no more at once:
 * only then do rows of one group go apart. Each batch lists its rows' indexes in file order.
 */
export function planBatches<Row>(rows: readonly Row[], size: number, groupKey?: (row: Row) => string | null): number[][] {
  const limit = Math.max(1, size);
  if (!groupKey) {
    const batches: number[][] = [];
    for (let start = 0; start < rows.length; start += limit) {
      batches.push(Array.from({ length: Math.min(limit, rows.length - start) }, (_, offset) => start + offset));
    }
    return batches;
  }
  // Groups in the order of their first row; a row without a key is a group of its own.
  const groups: number[][] = [];
  const byKey = new Map<string, number[]>();
  rows.forEach((row, index) => {
    const key = groupKey(row);
    const group = key === null ? undefined : byKey.get(key);
    if (group) return void group.push(index);
    const fresh = [index];
    groups.push(fresh);
    if (key !== null) byKey.set(key, fresh);
  });
  const batches: number[][] = [];
  let current: number[] = [];
  for (const group of groups) {
    if (current.length > 0 && current.length + group.length > limit) {
      batches.push(current);
      current = [];
    }
    for (let start = 0; start < group.length; start += limit) {
      if (start > 0) {
        batches.push(current);
        current = [];
      }
      current.push(...group.slice(start, start + limit));
    }
  }
  if (current.length > 0) batches.push(current);
  return batches.map((batch) => batch.sort((a, b) => a - b));
}

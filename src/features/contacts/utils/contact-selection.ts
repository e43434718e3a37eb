/**
 * The contacts screen's selection: a set of contact ids. Bulk actions act on the selected contacts that are shown,
 * never on one a filter hid or someone deleted meanwhile (the database would refuse the whole call with
 * unknown_contacts for a deleted one).
 */

/** The selected ids among the rows shown, in the order shown. */
export function shownSelection(selected: ReadonlySet<string>, shownIds: readonly string[]): Set<string> {
  return new Set(shownIds.filter((id) => selected.has(id)));
}

/** The selection with `id` added or removed. */
export function toggled(selected: ReadonlySet<string>, id: string, isSelected: boolean): Set<string> {
  const next = new Set(selected);
  if (isSelected) next.add(id);
  else next.delete(id);
  return next;
}

/** The selection without the given ids (contacts just deleted). */
export function without(selected: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  const next = new Set(selected);
  for (const id of ids) next.delete(id);
  return next;
}

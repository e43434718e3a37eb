/**
 * Spec §2: only one campaign row is open at a time. Opening a row closes the open one; toggling the open row
 * closes it.
 */
export function toggleOpenRow(openId: string | null, id: string): string | null {
  return openId === id ? null : id;
}

/** The row shown open: none when the open row is no longer in the list (deleted, or gone after a reload). */
export function visibleOpenRow(openId: string | null, ids: readonly string[]): string | null {
  return openId !== null && ids.includes(openId) ? openId : null;
}

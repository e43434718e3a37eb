import { toError } from '@/lib/errors';

/** Spec §8: a menu or page update, add or reset that fails at the data layer is logged and rethrown to the caller. */
export async function logged<T>(what: string, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    const failure = toError(error);
    console.error(`Error ${what}:`, failure);
    throw failure;
  }
}

export class NoRowChangedError extends Error {
  constructor(what: string) {
    super(`No ${what} was changed: it was removed meanwhile, or this account may no longer edit it.`);
    this.name = 'NoRowChangedError';
  }
}

/** An update that RLS filtered down to no row changed nothing: say so instead of reporting success. */
export function assertRowsChanged(rows: readonly unknown[] | null, what: string): void {
  if (!rows || rows.length === 0) throw new NoRowChangedError(what);
}

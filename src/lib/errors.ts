/** Supabase calls resolve to `{ data, error }`; data hooks throw so React Query sees the failure. */
export function unwrap<T>(result: { data: T; error: { message: string } | null }): T {
  if (result.error) throw toError(result.error);
  return result.data;
}

export function toError(error: unknown): Error {
  if (error instanceof Error) return error;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return Object.assign(new Error(error.message), error);
  }
  return new Error(String(error));
}

import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider, useQuery, type UseMutationResult } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { socialQueryKeys } from '@/lib/social-accounts';
import { contentItemKeys } from './keys';
import { useRescheduleContentItem } from './reschedule-content-item';
import { useRescheduleSocialPost } from './reschedule-social-post';

type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void };
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** The write of the move (the RPC for a post, the update for an item), answered when the test says. */
const write = vi.hoisted(() => ({ current: null as null | { promise: Promise<unknown>; resolve: (value: unknown) => void } }));
vi.mock('@/lib/supabase', () => ({
  supabase: {
    rpc: vi.fn(() => write.current!.promise),
    from: vi.fn(() => ({ update: () => ({ eq: () => ({ select: () => write.current!.promise }) }) })),
  },
}));
vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn() } }));

type Row = { id: string; at: string };

/**
 * CI of 8d32dc9: a post moved from 30 November to 1 December opened December; December's first read began before the
 * move was written, and the invalidation after the write joined that read (TanStack Query does not restart a read of
 * a query without data), so the post stayed on the 30th. After the write, the calendar must read that month again.
 */
async function expectMonthReadAgain<V>(useMove: () => UseMutationResult<unknown, Error, V>, monthKey: readonly unknown[], move: V, written: unknown) {
  const reads: Deferred<Row[]>[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const answer = deferred<unknown>();
  write.current = answer;

  const mutation = renderHook(useMove, { wrapper });
  act(() => mutation.result.current.mutate(move));
  // The move opens December: its first read starts while the write is on its way.
  const month = renderHook(
    () =>
      useQuery({
        queryKey: monthKey,
        queryFn: () => {
          const read = deferred<Row[]>();
          reads.push(read);
          return read.promise;
        },
      }),
    { wrapper },
  );
  await waitFor(() => expect(reads).toHaveLength(1));

  await act(async () => answer.resolve(written));
  // The read begun before the write answers with the old moment.
  await act(async () => reads[0]!.resolve([{ id: 'p1', at: '2026-11-30T09:00:00Z' }]));

  await waitFor(() => expect(reads).toHaveLength(2));
  await act(async () => reads[1]!.resolve([{ id: 'p1', at: '2026-12-01T09:00:00Z' }]));
  await waitFor(() => expect(month.result.current.data).toEqual([{ id: 'p1', at: '2026-12-01T09:00:00Z' }]));
  await waitFor(() => expect(mutation.result.current.isSuccess).toBe(true));
}

describe('a calendar move whose month was still being read as the move was written', () => {
  it('reads the month again after the write: social posts', async () => {
    await expectMonthReadAgain(
      useRescheduleSocialPost,
      socialQueryKeys.calendarPosts('ws-1', '2026-12-01', '2027-01-01'),
      { postId: 'p1', scheduledAt: '2026-12-01T09:00:00Z' },
      { data: null, error: null },
    );
  });

  it('reads the month again after the write: content items', async () => {
    await expectMonthReadAgain(
      useRescheduleContentItem,
      contentItemKeys.schedule('ws-1', '2026-12-01', '2027-01-01'),
      { id: 'p1', plannedPublishAt: '2026-12-01T09:00:00Z' },
      { data: [{ id: 'p1' }], error: null },
    );
  });
});

import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { contentItemKeys } from './keys';
import { useRescheduleContentItem } from './reschedule-content-item';

type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void };
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const write = vi.hoisted(() => ({ current: null as null | Deferred<{ data: unknown; error: null }> }));
const update = () => ({ eq: () => ({ select: () => write.current!.promise }) });
vi.mock('@/lib/supabase', () => ({ supabase: { from: vi.fn(() => ({ update })) } }));
vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn() } }));

type Item = { id: string; planned_publish_at: string };
const december = contentItemKeys.schedule('ws-1', '2026-12-01', '2027-01-01');

describe('useRescheduleContentItem', () => {
  // As for social posts (reschedule-social-post.test.tsx): a month whose first read began before the move was written
  // is read again after it.
  it('reads a calendar month again when its first read was still in flight as the move was written', async () => {
    const reads: Deferred<Item[]>[] = [];
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    write.current = deferred();

    const move = renderHook(() => useRescheduleContentItem(), { wrapper });
    act(() => move.result.current.mutate({ id: 'p1', plannedPublishAt: '2026-12-01T09:00:00Z' }));
    // The move opens December: its first read starts while the write is on its way.
    const calendar = renderHook(
      () =>
        useQuery({
          queryKey: december,
          queryFn: () => {
            const read = deferred<Item[]>();
            reads.push(read);
            return read.promise;
          },
        }),
      { wrapper },
    );
    await waitFor(() => expect(reads).toHaveLength(1));

    await act(async () => write.current!.resolve({ data: [{ id: 'p1' }], error: null }));
    // The read begun before the write answers with the item still on the 30th.
    await act(async () => reads[0].resolve([{ id: 'p1', planned_publish_at: '2026-11-30T09:00:00Z' }]));

    await waitFor(() => expect(reads).toHaveLength(2));
    await act(async () => reads[1].resolve([{ id: 'p1', planned_publish_at: '2026-12-01T09:00:00Z' }]));
    await waitFor(() => expect(calendar.result.current.data).toEqual([{ id: 'p1', planned_publish_at: '2026-12-01T09:00:00Z' }]));
    await waitFor(() => expect(move.result.current.isSuccess).toBe(true));
  });
});

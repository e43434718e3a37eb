import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { socialQueryKeys } from '@/lib/social-accounts';
import { useRescheduleSocialPost } from './reschedule-social-post';

type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void };
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const write = vi.hoisted(() => ({ current: null as null | Deferred<{ data: unknown; error: null }> }));
vi.mock('@/lib/supabase', () => ({ supabase: { rpc: vi.fn(() => write.current!.promise) } }));
vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn() } }));

type Post = { id: string; scheduled_at: string };
const december = socialQueryKeys.calendarPosts('ws-1', '2026-12-01', '2027-01-01');

describe('useRescheduleSocialPost', () => {
  // CI of 8d32dc9: a post moved from 30 November to 1 December opened December; December's first read began before
  // the move was written, and the invalidation after the write joined that read (a query without data is not
  // restarted), so the post stayed on the 30th. The calendar must read again after the write.
  it('reads a calendar month again when its first read was still in flight as the move was written', async () => {
    const reads: Deferred<Post[]>[] = [];
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    write.current = deferred();

    const move = renderHook(() => useRescheduleSocialPost(), { wrapper });
    act(() => move.result.current.mutate({ postId: 'p1', scheduledAt: '2026-12-01T09:00:00Z' }));
    // The move opens December: its first read starts while the write is on its way.
    const calendar = renderHook(
      () =>
        useQuery({
          queryKey: december,
          queryFn: () => {
            const read = deferred<Post[]>();
            reads.push(read);
            return read.promise;
          },
        }),
      { wrapper },
    );
    await waitFor(() => expect(reads).toHaveLength(1));

    await act(async () => write.current!.resolve({ data: null, error: null }));
    // The read begun before the write answers with the post still on the 30th.
    await act(async () => reads[0].resolve([{ id: 'p1', scheduled_at: '2026-11-30T09:00:00Z' }]));

    await waitFor(() => expect(reads).toHaveLength(2));
    await act(async () => reads[1].resolve([{ id: 'p1', scheduled_at: '2026-12-01T09:00:00Z' }]));
    await waitFor(() => expect(calendar.result.current.data).toEqual([{ id: 'p1', scheduled_at: '2026-12-01T09:00:00Z' }]));
    await waitFor(() => expect(move.result.current.isSuccess).toBe(true));
  });
});

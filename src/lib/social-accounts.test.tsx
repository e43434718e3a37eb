import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSocialAccounts } from '@/lib/social-accounts';
import { supabase } from '@/lib/supabase';
import type { FakeSupabase } from '@/testing/fake-supabase';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  fake.reset();
  fake.respondWith((call) => (call.table === 'social_accounts' ? { data: [{ id: 'acc-1' }], error: null } : undefined));
});

describe('useSocialAccounts', () => {
  it('asks nothing while the workspace is not known yet (an empty id would be refused as an invalid uuid)', async () => {
    const { result } = renderHook(() => useSocialAccounts(''), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.fetchStatus).toBe('idle');
    expect(fake.calls.filter((call) => call.table === 'social_accounts')).toHaveLength(0);
  });

  it("reads the workspace's accounts once it is known", async () => {
    const { result } = renderHook(() => useSocialAccounts('org-1'), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual([{ id: 'acc-1' }]));
    expect(fake.calls.filter((call) => call.table === 'social_accounts')).toHaveLength(1);
  });
});

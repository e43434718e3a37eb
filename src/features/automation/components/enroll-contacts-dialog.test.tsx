import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { EnrollContactsDialog } from '@/features/automation/components/enroll-contacts-dialog';
import { supabase } from '@/lib/supabase';
import type { FakeResult, FakeSupabase, QueryCall } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
const rpcCalls = () => fake.calls.filter((call) => call.table === 'rpc:enroll_contacts_in_automation').map((call) => call.values as { dry_run: boolean; filter: Record<string, string> });

beforeEach(() => {
  fake.reset();
  fake.respondWith((call: QueryCall): FakeResult | undefined => {
    if (call.table !== 'rpc:enroll_contacts_in_automation') return undefined;
    const { dry_run: dryRun, filter } = call.values as { dry_run: boolean; filter: { tag: string } };
    const matched = filter.tag === 'vip' ? 3 : 10;
    return { data: { matched, enrolled: dryRun ? matched - 1 : matched - 1, skipped: 1, over_limit: 0 }, error: null };
  });
});

describe('EnrollContactsDialog', () => {
  it('shows the count for the filter before confirming, then enrolls once with the same filter', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderRoutes([{ path: '/', element: <><EnrollContactsDialog workspaceId="acme" workflowId="w1" workflowName="Welcome" onClose={onClose} /><Toaster /></> }], '/');
    expect(await screen.findByText('10 contacts match. 9 contacts will be enrolled; 1 skipped (already in the workflow, or not allowed in again).')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Tag'), 'vip');
    expect(await screen.findByText(/^3 contacts match\. 2 contacts will be enrolled/)).toBeInTheDocument();
    expect(rpcCalls().every((call) => call.dry_run)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Enroll 2 contacts' }));
    expect(await screen.findByText(/2 contacts enrolled/)).toBeInTheDocument();
    const enrolled = rpcCalls().filter((call) => !call.dry_run);
    expect(enrolled).toEqual([{ workflow_id: 'w1', dry_run: false, filter: { tag: 'vip', stage: 'any', band: 'any', owner: 'any' } }]);
    expect(onClose).toHaveBeenCalled();
  });
});

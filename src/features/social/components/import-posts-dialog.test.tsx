import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ImportPostsDialog } from '@/features/social/components/import-posts-dialog';
import { AuthProvider } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, workspaceRows, type FakeSupabase, type QueryCall } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

// The remembered mapping is the database's (csv_column_mappings); here nothing is remembered.
vi.mock('@/lib/csv-mapping-store', () => ({ workspaceMappingStore: () => ({ load: async () => null, save: async () => undefined }) }));

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
type SaveArgs = { workspace_id: string; body: string; channels: { account_id: string; body: string }[]; scheduled_at?: string };
const saveCalls = () => fake.calls.filter((call) => call.table === 'rpc:save_social_post').map((call) => call.values as SaveArgs);
const accounts = [
  { id: 'bsky', organization_id: 'org-1', network: 'bluesky', display_name: 'studio.bsky.social', status: 'connected' },
  { id: 'hook', organization_id: 'org-1', network: 'webhook', display_name: 'n8n', status: 'connected' },
];

function respond(call: QueryCall) {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', organization_id: 'org-1', first_name: 'Ada', last_name: 'L', marketing_role: 'social_media_manager' }, error: null };
  if (call.table === 'social_accounts') return { data: accounts, error: null };
  if (call.table === 'rpc:save_social_post') {
    // The database's own refusal of a line the browser could not judge.
    if ((call.values as SaveArgs).body === 'Refused by the database') {
      return { data: null, error: { message: 'This moment has passed: choose a time in the future.', code: 'P0001', details: 'schedule_in_past', hint: '' } };
    }
    return { data: { id: 'post' }, error: null };
  }
  return workspaceRows(call, [{ id: 'org-1', name: 'Studio', timeZone: 'Europe/Berlin' }]);
}

beforeEach(() => {
  fake.reset();
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

describe('ImportPostsDialog', () => {
  it('checks each line of a file with the composer’s rules, shows the bad ones in plain words, saves the others and says what the database refused', async () => {
    const file = new File(
      [
        [
          'Text,Accounts,Scheduled time,Bluesky text',
          '"Hello, world","studio.bsky.social, n8n",2099-12-01 09:30,Hi Bluesky',
          `${'a'.repeat(301)},studio.bsky.social,,`,
          'Who?,someone.else,,',
          'Refused by the database,n8n,2099-12-02 10:00,',
        ].join('\n'),
      ],
      'posts.csv',
      { type: 'text/csv' },
    );
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <AuthProvider><ImportPostsDialog workspaceId="org-1" timeZone="Europe/Berlin" onClose={onClose} /></AuthProvider> }]);
    const fileInput = await screen.findByLabelText('CSV file');
    expect(screen.getByText(/in the workspace's time zone Europe\/Berlin/)).toBeInTheDocument();
    await user.upload(fileInput, file);
    expect(await screen.findByText('Step 2 of 4: Match the columns')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/Text for studio\.bsky\.social: Bluesky takes 300 characters as people see them \(emoji count once\): this is 1 too long\./)).toBeInTheDocument();
    expect(screen.getByText(/Accounts: "someone\.else" is not an account connected to this workspace\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 2 rows, skip 2 lines' }));
    await waitFor(() => expect(saveCalls()).toHaveLength(2));
    expect(saveCalls()[0]).toEqual({
      workspace_id: 'org-1',
      body: 'Hello, world',
      channels: [{ account_id: 'bsky', body: 'Hi Bluesky' }, { account_id: 'hook', body: 'Hello, world' }],
      // 09:30 in Berlin in December is 08:30 UTC.
      scheduled_at: '2099-12-01T08:30:00.000Z',
    });
    expect(await screen.findByText(/This moment has passed: choose a time in the future\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });
});

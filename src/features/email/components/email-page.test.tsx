import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SampleSection } from '@/components/module/sample-section';
import { EmailPage } from '@/features/email/components/email-page';
import { AuthProvider } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, workspaceRows, type FakeResult, type FakeSupabase, type QueryCall } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
let overview: () => FakeResult | Promise<FakeResult>;
let workerAlive: boolean;
const emptyCounts = { subscribers: 0, lists: 0, campaigns: 0, deliveries: 0, sent: 0, open_tracked: 0, opened: 0, click_tracked: 0, clicked: 0, unsubscribed: 0, bounced: 0, complained: 0 };

function respond(call: QueryCall): FakeResult | Promise<FakeResult> | undefined {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', first_name: 'Me' }, error: null };
  if (call.table === 'rpc:email_sending_status') return { data: [{ worker_alive: workerAlive, last_seen_at: null }], error: null };
  if (call.table === 'rpc:email_overview') return overview();
  if (call.operation === 'select' && (call.table === 'email_campaigns' || call.table === 'email_lists')) return { data: [], error: null };
  if (call.table.startsWith('rpc:')) return { data: [], error: null };
  return workspaceRows(call, [{ id: 'acme', name: 'Acme', role: 'member' }]);
}

/** The route gives the page the dashboard's sample figures (src/app/routes/marketing/email.tsx); a stand-in here. */
const sample = <SampleSection title="Example figures"><p>24,583 subscribers</p></SampleSection>;
const renderPage = () => renderRoutes([{ path: '/marketing/email', element: <AuthProvider><EmailPage sample={sample} /></AuthProvider> }], '/marketing/email');

beforeEach(() => {
  fake.reset();
  localStorage.clear();
  overview = () => ({ data: [emptyCounts], error: null });
  workerAlive = true;
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

describe('/marketing/email page', () => {
  it('says it is loading, then shows the marked sample figures for a workspace that has sent nothing', async () => {
    let answer!: (result: FakeResult) => void;
    overview = () => new Promise((resolve) => (answer = resolve));
    renderPage();
    expect(await screen.findByText('Loading campaigns...')).toBeInTheDocument();
    await vi.waitFor(() => expect(fake.calls.some((call) => call.table === 'rpc:email_overview')).toBe(true));
    expect(screen.getByText('Loading campaigns...')).toBeInTheDocument();
    expect(screen.queryByText('Sample data')).not.toBeInTheDocument();
    answer({ data: [emptyCounts], error: null });
    expect(await screen.findByText(/Sample figures: this workspace has not sent an e-mail yet/)).toBeInTheDocument();
    expect(screen.getByText('Sample data')).toBeInTheDocument();
    expect(screen.getByText('Example figures')).toBeInTheDocument();
  });

  it('with real figures shows them, not the sample', async () => {
    overview = () => ({ data: [{ ...emptyCounts, subscribers: 1200, campaigns: 2, deliveries: 300, sent: 300 }], error: null });
    renderPage();
    expect(await screen.findByText('1,200')).toBeInTheDocument();
    expect(screen.getByText('Subscribers')).toBeInTheDocument();
    expect(screen.queryByText('Sample data')).not.toBeInTheDocument();
  });

  // Issue 28, point 6: without a worker (hosted Supabase before `npm run worker` runs) the page says why nothing can be sent.
  it('says campaigns cannot be sent, and why, while no worker runs; says nothing while one does', async () => {
    workerAlive = false;
    const { unmount } = renderPage();
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Campaigns cannot be sent right now');
    expect(notice).toHaveTextContent(/npm run worker/);
    unmount();
    workerAlive = true;
    renderPage();
    expect(await screen.findByText('Sample data')).toBeInTheDocument();
    await vi.waitFor(() => expect(fake.calls.filter((call) => call.table === 'rpc:email_sending_status').length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByText('Campaigns cannot be sent right now')).not.toBeInTheDocument();
  });

  it('a failed load says so in words and tries again on request', async () => {
    let fail = true;
    overview = () => (fail ? { data: null, error: { message: 'boom', code: '500' } } : { data: [emptyCounts], error: null });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Error loading e-mail data')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Sample data')).toBeInTheDocument();
    expect(screen.queryByText('Error loading e-mail data')).not.toBeInTheDocument();
    expect(fake.calls.filter((call) => call.table === 'rpc:email_overview').length).toBeGreaterThanOrEqual(2);
  });
});

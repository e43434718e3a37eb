import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetNotedActivity } from '@/features/dashboard/api/note-workspace-activity';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { AuthProvider, ProtectedRoute } from '@/lib/auth';
import { addDays, localDay, monthToDate, sameDaysOfPreviousMonth, startOfLocalDay } from '@/lib/periods';
import { supabase } from '@/lib/supabase';
import { fakeSession, type FakeResult, type FakeSupabase, type QueryCall, workspaceRows } from '@/testing/fake-supabase';
import { Landing, renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;

/** The user's workspaces, and the members workspace_members() gives for the current one. */
let workspaces: { id: string; name: string; role?: string }[];
let members: { workspace_id: string; rows: Record<string, unknown>[] }[];

function member(userId: string, lastActive: string | null) {
  return { user_id: userId, first_name: userId, last_name: '', email: `${userId}@x.io`, marketing_role: null, last_active: lastActive, access_role: 'member', joined_at: '' };
}

let profile: Record<string, unknown>;
let updateResult: ((call: QueryCall) => FakeResult) | undefined;

const emptyWorkspace = { campaigns: 0, campaigns_last_month: 0, clicks: 0, conversions: 0, revenue: 0, clicks_last_month: 0, conversions_last_month: 0, revenue_last_month: 0, active_users: 1, active_users_before: 0 };
let platformFigures = emptyWorkspace;

function respond(call: QueryCall): FakeResult | undefined {
  const workspace = workspaceRows(call, workspaces);
  if (workspace) return workspace;
  if (call.table === 'rpc:workspace_members') {
    const wanted = (call.values as { workspace_id: string }).workspace_id;
    return { data: members.find((entry) => entry.workspace_id === wanted)?.rows ?? [], error: null };
  }
  if (call.table === 'rpc:platform_overview') return { data: platformFigures, error: null };
  if (call.table === 'content_items') return { data: platformFigures.campaigns > 0 ? [{ id: 'c1' }] : [], error: null };
  if (call.table !== 'profiles') return undefined;
  if (call.operation === 'select') return { data: profile, error: null };
  if (call.operation === 'update' && call.returning) {
    if (updateResult) return updateResult(call);
    profile = { ...profile, ...(call.values as object) };
    return { data: profile, error: null };
  }
  return undefined;
}

/** The notice the route gives the page (src/app/routes/dashboard.tsx: the Social Hub's), as a stand-in showing what it is given. */
function WorkspaceNoticeStub({ workspaceId, canWrite }: { workspaceId: string; canWrite: boolean }) {
  return <p>{`Notice of ${workspaceId}${canWrite ? ', may write' : ', reads only'}`}</p>;
}

function renderDashboard() {
  return renderRoutes(
    [
      {
        element: <AuthProvider><ProtectedRoute /></AuthProvider>,
        children: [{ path: '/dashboard', element: <DashboardPage workspaceNotice={WorkspaceNoticeStub} /> }],
      },
      { path: '/auth', element: <Landing name="auth" /> },
    ],
    '/dashboard',
  );
}

beforeEach(() => {
  fake.reset();
  forgetNotedActivity();
  localStorage.clear();
  workspaces = [{ id: 'org-1', name: 'Analytical Engines' }];
  members = [];
  updateResult = undefined;
  profile = {
    id: 'p1',
    user_id: 'user-1',
    organization_id: 'org-1',
    first_name: 'Ada',
    last_name: 'Lovelace',
    marketing_role: null,
    last_active: null,
    created_at: '',
    updated_at: '',
  };
  fake.respondWith(respond);
  fake.setSession(fakeSession());
  platformFigures = emptyWorkspace;
});

describe('/dashboard', () => {
  it("shows 'Loading dashboard...' while the profile loads", async () => {
    fake.respondWith((call) => (call.table === 'profiles' ? new Promise<FakeResult>(() => {}) : undefined));
    renderDashboard();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Loading dashboard...'));
  });

  it("shows the route's notice for the current workspace, saying whether the user may write", async () => {
    workspaces = [{ id: 'org-1', name: 'Analytical Engines', role: 'viewer' }];
    renderDashboard();
    expect(await screen.findByText('Notice of org-1, reads only')).toBeInTheDocument();
  });

  it('shows the header: platform name, badge, name, role label, the workspace switcher, sign-out', async () => {
    renderDashboard();
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Beyond Brochures Marketing Platform' })).toBeInTheDocument();
    expect(within(header).getByText('Multi-Tenant Platform')).toBeInTheDocument();
    expect(within(header).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(header).getByText('Marketing Professional')).toBeInTheDocument();
    expect(await within(header).findByRole('button', { name: 'Current workspace: Analytical Engines. Switch workspace' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ada!' })).toBeInTheDocument();
  });

  it('greets with the real team of the current workspace, and follows a switch to another workspace', async () => {
    const now = new Date().toISOString();
    workspaces = [{ id: 'org-1', name: 'Analytical Engines' }, { id: 'org-2', name: 'Babbage & Co', role: 'viewer' }];
    members = [
      { workspace_id: 'org-1', rows: [member('ada', now), member('charles', now), member('mary', null)] },
      { workspace_id: 'org-2', rows: [member('ada', now)] },
    ];
    platformFigures = { ...emptyWorkspace, active_users: 2 };
    renderDashboard();
    expect(await screen.findByText('Here is an overview of Analytical Engines: 3 members, 2 active in the last 30 days.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Current workspace: Analytical Engines/ }));
    // The switcher's popover loads on the click (off the page's first load): give the import time.
    await userEvent.click(await screen.findByRole('button', { name: /Babbage & Co/ }, { timeout: 10_000 }));
    expect(
      await screen.findByText('Here is an overview of Babbage & Co. You are its only member so far: invite your colleagues from the Team screen.'),
    ).toBeInTheDocument();
    expect(localStorage.getItem('bb-current-workspace:user-1')).toBe('org-2');
  });

  it('counts active members once: the welcome line says the Active Users card’s figure, from the same answer (issue 25)', async () => {
    // Just after a member joined: all three signed in this week (profiles.last_active), two opened the workspace.
    const now = new Date().toISOString();
    members = [{ workspace_id: 'org-1', rows: [member('ada', now), member('charles', now), member('newcomer', now)] }];
    platformFigures = { ...emptyWorkspace, campaigns: 1, clicks: 10, active_users: 2, active_users_before: 1 };
    renderDashboard();
    expect(await screen.findByText('Here is an overview of Analytical Engines: 3 members, 2 active in the last 30 days.')).toBeInTheDocument();
    const stats = screen.getByRole('region', { name: 'Platform Overview' });
    await waitFor(() => expect(within(stats).getAllByRole('listitem')[2]?.textContent).toMatch(/^Active Users2\+100%/));
    expect(fake.calls.filter((call) => call.table === 'rpc:platform_overview')).toHaveLength(1);
  });

  it('computes the four figures of a workspace with work, month over month, without a sample marker', async () => {
    platformFigures = { campaigns: 5, campaigns_last_month: 4, clicks: 200, conversions: 8, revenue: 1500, clicks_last_month: 100, conversions_last_month: 3, revenue_last_month: 1000, active_users: 3, active_users_before: 2 };
    renderDashboard();
    const stats = await screen.findByRole('region', { name: 'Platform Overview' });
    await waitFor(() => expect(within(stats).getAllByRole('listitem')).toHaveLength(4));
    expect(within(stats).getAllByRole('listitem').map((card) => card.textContent)).toEqual([
      expect.stringMatching(/^Total Campaigns5\+25%from last month$/),
      expect.stringMatching(/^Conversion Rate4\.00%\+1 ptsfrom last month$/),
      expect.stringMatching(/^Active Users3\+50%from last month$/),
      expect.stringMatching(/^Revenue\$1,500\+50%from last month$/),
    ]);
    expect(within(stats).queryByText('Sample data')).toBeNull();
    // Like with like: the month so far against the same days of the month before, in the user's own days.
    const today = localDay();
    const previous = sameDaysOfPreviousMonth(today);
    expect(fake.calls.find((call) => call.table === 'rpc:platform_overview')?.values).toEqual({
      workspace_id: 'org-1',
      from_day: monthToDate(today).from,
      to_day: today,
      previous_from_day: previous.from,
      previous_to_day: previous.to,
      previous_ends_at: startOfLocalDay(addDays(previous.to, 1)),
    });
    // Active Users: the dashboard notes today's visit of this workspace, once.
    await waitFor(() => expect(fake.calls.filter((call) => call.table === 'rpc:note_workspace_activity').map((call) => call.values)).toEqual([{ workspace_id: 'org-1' }]));
  });

  it("takes Conversion Rate from the workspace's measured websites (30 days against the 30 before), asking for its own period", async () => {
    platformFigures = { campaigns: 5, campaigns_last_month: 4, clicks: 200, conversions: 8, revenue: 1500, clicks_last_month: 100, conversions_last_month: 3, revenue_last_month: 1000, active_users: 3, active_users_before: 2 };
    const siteRows = [
      { period: 'current', sites: 1, visitors: 400, pageviews: 900, conversions: 18 },
      { period: 'previous', sites: 1, visitors: 300, pageviews: 700, conversions: 9 },
    ];
    fake.respondWith((call) => (call.table === 'rpc:workspace_site_figures' ? { data: siteRows, error: null } : respond(call)));
    renderDashboard();
    const stats = await screen.findByRole('region', { name: 'Platform Overview' });
    await waitFor(() => expect(within(stats).getAllByRole('listitem')).toHaveLength(4));
    expect(within(stats).getAllByRole('listitem')[1].textContent).toMatch(/^Conversion Rate4\.50%\+1\.5 ptsfrom the 30 days before \(websites\)$/);
    const asked = fake.calls.find((call) => call.table === 'rpc:workspace_site_figures')?.values as { workspace_id: string; from_day: string; to_day: string };
    expect(asked.workspace_id).toBe('org-1');
    expect((Date.parse(asked.to_day) - Date.parse(asked.from_day)) / 86_400_000).toBe(29);
  });

  it('a workspace that measures a site but has no campaign or content yet shows real figures, not samples', async () => {
    const siteRows = [
      { period: 'current', sites: 1, visitors: 10, pageviews: 20, conversions: 1 },
      { period: 'previous', sites: 1, visitors: 0, pageviews: 0, conversions: 0 },
    ];
    fake.respondWith((call) => (call.table === 'rpc:workspace_site_figures' ? { data: siteRows, error: null } : respond(call)));
    renderDashboard();
    const stats = await screen.findByRole('region', { name: 'Platform Overview' });
    await waitFor(() => expect(within(stats).getAllByRole('listitem')).toHaveLength(4));
    expect(within(stats).getAllByRole('listitem').map((card) => card.textContent)).toEqual([
      'Total Campaigns0Nothing to compare with yet',
      'Conversion Rate10.00%Website visitors, last 30 days',
      expect.stringMatching(/^Active Users1/),
      'Revenue$0Nothing to compare with yet',
    ]);
    expect(within(stats).queryByText('Sample data')).toBeNull();
  });

  it('a workspace with nothing yet: the four stat cards with the spec values, marked as sample data, with a prompt', async () => {
    renderDashboard();
    await waitFor(() => expect(within(screen.getByRole('region', { name: /Platform Overview/ })).getByText('Sample data')).toBeInTheDocument());
    const stats = screen.getByRole('region', { name: /Platform Overview/ });
    expect(within(stats).getByText(/Create your first campaign or content item/)).toBeInTheDocument();
    const cards = within(stats).getAllByRole('listitem');
    expect(cards.map((card) => [within(card).getByRole('heading').textContent, card.textContent])).toEqual([
      ['Total Campaigns', expect.stringMatching(/^Total Campaigns24\+12%from last month$/)],
      ['Conversion Rate', expect.stringMatching(/^Conversion Rate3\.24%\+0\.4%from last month$/)],
      ['Active Users', expect.stringMatching(/^Active Users8,543\+18%from last month$/)],
      ['Revenue', expect.stringMatching(/^Revenue\$45,231\+8\.2%from last month$/)],
    ]);
    expect(within(stats).getByText('Sample data')).toBeInTheDocument();
  });

  it('prompts a user without a role to choose one; choosing it saves only the role and shows Your Dashboard', async () => {
    const success = vi.spyOn(toast, 'success');
    renderDashboard();
    const prompt = await screen.findByRole('form', { name: 'Choose your marketing role' });
    expect(screen.queryByRole('region', { name: 'Your Dashboard' })).not.toBeInTheDocument();
    const save = within(prompt).getByRole('button', { name: 'Save Role' });
    expect(save).toBeDisabled();
    expect(within(prompt).getAllByRole('radio')).toHaveLength(10);
    await userEvent.click(within(prompt).getByRole('radio', { name: /Content Marketing Manager/ }));
    await userEvent.click(save);

    const card = await screen.findByRole('region', { name: 'Your Dashboard' });
    expect(within(card).getByText('Content Hub')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Access Your Dashboard' })).toHaveAttribute('href', '/marketing/content');
    expect(within(screen.getByRole('banner')).getByText('Content Marketing Manager')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Choose your marketing role' })).not.toBeInTheDocument();
    const update = fake.calls.find((call) => call.operation === 'update');
    expect(update).toMatchObject({ table: 'profiles', values: { marketing_role: 'content_marketing_manager' }, filters: [['user_id', 'user-1']] });
    expect(success).toHaveBeenCalledWith('Profile updated successfully!');
  });

  it('keeps the prompt and says why when saving the role fails', async () => {
    const failure = vi.spyOn(toast, 'error');
    updateResult = () => ({ data: null, error: { message: 'permission denied for table profiles' } });
    renderDashboard();
    const prompt = await screen.findByRole('form', { name: 'Choose your marketing role' });
    await userEvent.click(within(prompt).getByRole('radio', { name: /Creative Director/ }));
    await userEvent.click(within(prompt).getByRole('button', { name: 'Save Role' }));
    await waitFor(() =>
      expect(failure).toHaveBeenCalledWith('Error updating profile', { description: 'permission denied for table profiles' }),
    );
    expect(within(prompt).getByRole('radio', { name: /Creative Director/ })).toBeChecked();
  });

  it('highlights the own module in the grid of all ten', async () => {
    profile.marketing_role = 'seo_sem_specialist';
    renderDashboard();
    const grid = await screen.findByRole('region', { name: 'All Marketing Modules' });
    const links = within(grid).getAllByRole('link');
    expect(links).toHaveLength(10);
    expect(links.filter((link) => link.textContent === 'Your Dashboard').map((link) => link.getAttribute('href'))).toEqual(['/marketing/seo']);
    expect(links.filter((link) => link.textContent === 'View Module')).toHaveLength(9);
    expect(within(grid).getByRole('link', { name: 'Your Dashboard: SEO Toolkit' }).closest('li')).toHaveAttribute('data-own', 'true');
    expect(screen.getByRole('region', { name: 'Your Dashboard' })).toHaveTextContent('SEO Toolkit');
    expect(screen.queryByRole('form', { name: 'Choose your marketing role' })).not.toBeInTheDocument();
  });

  it("signs out: 'Signed out successfully', then /auth", async () => {
    const success = vi.spyOn(toast, 'success');
    fake.auth.signOut.mockImplementationOnce(async () => {
      await fake.emit('SIGNED_OUT', null);
      return { error: null };
    });
    const { router } = renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(fake.auth.signOut).toHaveBeenCalledWith({ scope: 'global' });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Signed out successfully'));
    expect(await screen.findByText('landed on auth')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it("shows the server's message when sign-out fails and stays", async () => {
    const failure = vi.spyOn(toast, 'error');
    fake.auth.signOut.mockResolvedValueOnce({ error: { message: 'Request rate limit reached' } });
    const { router } = renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Request rate limit reached'));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeEnabled();
  });

  it('changes a name in the profile settings dialog, sending only what changed', async () => {
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Profile Settings' }));
    // The dialog's code loads on the click (first load of the page without it): give the import time here.
    const dialog = await screen.findByRole('dialog', { name: 'Profile Settings' }, { timeout: 15_000 });
    expect(within(dialog).getByLabelText('First Name')).toHaveValue('Ada');
    await userEvent.clear(within(dialog).getByLabelText('First Name'));
    await userEvent.type(within(dialog).getByLabelText('First Name'), ' Augusta ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.calls.find((call) => call.operation === 'update')?.values).toEqual({ first_name: 'Augusta' });
    expect(within(screen.getByRole('banner')).getByText('Augusta Lovelace')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome, Augusta!');
  });

  it('keeps the dialog open with what was typed when the save fails, and refuses empty names', async () => {
    updateResult = () => ({ data: null, error: { message: 'network down' } });
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Profile Settings' }));
    // The dialog's code loads on the click (first load of the page without it): give the import time here.
    const dialog = await screen.findByRole('dialog', { name: 'Profile Settings' }, { timeout: 15_000 });
    await userEvent.clear(within(dialog).getByLabelText('Last Name'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Last name is required');
    expect(fake.calls.some((call) => call.operation === 'update')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Last Name'), 'Byron');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(fake.calls.some((call) => call.operation === 'update')).toBe(true));
    expect(screen.getByRole('dialog', { name: 'Profile Settings' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Last Name')).toHaveValue('Byron');
  });
});

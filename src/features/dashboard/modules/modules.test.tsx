import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { marketingRoles } from '@/config/roles';
import { forgetNotedActivity } from '@/features/dashboard/api/note-workspace-activity';
import { ModulePage } from '@/features/dashboard/components/module-page';
import { ModuleShell } from '@/features/dashboard/components/module-shell';
import { AnalyticsModule } from '@/features/dashboard/modules/analytics-module';
import { DirectorModule } from '@/features/dashboard/modules/director-module';
import { RetentionModule } from '@/features/dashboard/modules/retention-module';
import { SeoModule } from '@/features/dashboard/modules/seo-module';
import { SocialModule } from '@/features/dashboard/modules/social-module';
import { emailCopy } from '@/config/email-copy';
import { AuthProvider } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, workspaceRows, type FakeResult, type FakeSupabase, type QueryCall } from '@/testing/fake-supabase';
import { Landing, renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;

const pages: Record<string, ReactNode> = {
  director: <DirectorModule />,
  content: <ModuleShell module="content" subtitle="Content Marketing Hub" />,
  advertising: <ModuleShell module="advertising" subtitle="Digital Advertising Console" />,
  // The real page is the email feature's (src/features/email); the route gives it this feature's sample figures
  // (src/app/routes/marketing/email.test.tsx).
  email: <ModulePage module="email" subtitle={emailCopy.subtitle} isSample={false}><p>Campaigns</p></ModulePage>,
  social: <SocialModule />,
  seo: <SeoModule />,
  retention: <RetentionModule contactFigures={<p>Contact figures</p>} />,
  analytics: <AnalyticsModule />,
  // The real page is the automation feature's (src/features/automation, tested there); the route composes it.
  automation: <ModulePage module="automation" subtitle="Marketing Automation Platform" isSample={false}><p>Workflows</p></ModulePage>,
  creative: <ModuleShell module="creative" subtitle="Creative Studio" />,
};

function renderModule(module: string) {
  return renderRoutes(
    [
      { path: '/marketing/:module', element: <AuthProvider>{pages[module]}</AuthProvider> },
      { path: '/dashboard', element: <Landing name="dashboard" /> },
    ],
    `/marketing/${module}`,
  );
}

const workspaceFigures = { total_budget: 485231, active_campaigns: 18, spend: 100, revenue: 424, spend_before: 100, revenue_before: 400, members: 4 };
let executiveFigures = workspaceFigures;

function respondDefault(call: QueryCall): FakeResult | undefined {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', first_name: 'Ada', last_name: 'Lovelace', marketing_role: 'marketing_director', organization_id: null }, error: null };
  // The Executive Overview's figures, computed by the database from the workspace.
  if (call.table === 'rpc:executive_overview') return { data: executiveFigures, error: null };
  if (call.table === 'campaigns' || call.table === 'content_items') return { data: executiveFigures.active_campaigns > 0 ? [{ id: 'row-1' }] : [], error: null };
  return workspaceRows(call, [{ id: 'org-1', name: 'Analytical Engines' }]);
}

beforeEach(() => {
  executiveFigures = workspaceFigures;
  forgetNotedActivity();
  fake.reset();
  fake.setSession(fakeSession());
  fake.respondWith(respondDefault);
});

describe('the ten module pages', () => {
  it.each(marketingRoles.map((role) => [role.module, role.moduleTitle]))(
    '/marketing/%s shows its module title, the signed-in header and a way back to the dashboard',
    async (module, title) => {
      const { router } = renderModule(module);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
      expect(router.state.location.pathname).toBe('/dashboard');
    },
  );

  it.each(['director', 'social', 'seo', 'retention', 'analytics'])(
    '/marketing/%s marks its fixed figures as sample data and shows its actions as not available',
    async (module) => {
      renderModule(module);
      await screen.findByRole('heading', { level: 1 });
      expect(screen.getAllByText('Sample data').length).toBeGreaterThanOrEqual(1);
      const actions = within(screen.getByRole('heading', { name: 'Quick Actions' }).closest('div.rounded-lg')! as HTMLElement).getAllByRole('button');
      expect(actions.length).toBeGreaterThanOrEqual(3);
      for (const action of actions) {
        expect(action).toHaveAttribute('aria-disabled', 'true');
        expect(action).toHaveAccessibleName(expect.stringContaining('(Not available yet)'));
      }
    },
  );

  it("notes the day's activity in the workspace once per visit, whichever workspace page comes first (Active Users)", async () => {
    const noted = () => fake.calls.filter((call) => call.table === 'rpc:note_workspace_activity');
    const first = renderModule('social');
    await waitFor(() => expect(noted()).toHaveLength(1));
    expect(noted()[0]!.values).toEqual({ workspace_id: 'org-1' });
    first.unmount();
    renderModule('seo');
    await screen.findByRole('heading', { level: 1, name: 'SEO Toolkit' });
    expect(noted()).toHaveLength(1);
  });

  it('the Content and Advertising shells invent no figures', async () => {
    renderModule('content');
    await screen.findByRole('heading', { level: 1, name: 'Content Hub' });
    expect(screen.queryByText('Sample data')).not.toBeInTheDocument();
    expect(screen.getByText('Content Marketing Hub')).toBeInTheDocument();
  });
});

describe('Marketing Director', () => {
  it('shows the workspace’s budget, active campaigns and ROI, and the spec figures that have no source, marked', async () => {
    renderModule('director');
    await screen.findByRole('heading', { level: 1, name: 'Executive Overview' });
    const value = (label: string) => screen.getByRole('heading', { name: label }).closest('li')!.textContent;
    expect(await screen.findByRole('heading', { name: 'Total Budget' })).toBeInTheDocument();
    expect(value('Total Budget')).toContain('$485,231');
    expect(value('Active Campaigns')).toContain('18');
    expect(value('ROI')).toContain('324%');
    expect(value('ROI')).toContain('+24 ptsfrom the previous 30 days');
    const teamPerformance = screen.getByRole('region', { name: /Team Performance/ });
    expect(within(teamPerformance).getByText('Sample data')).toBeInTheDocument();
    expect(within(teamPerformance).getByRole('listitem')).toHaveTextContent('92%');
    const capacity = screen.getByRole('heading', { name: 'Team Capacity' }).closest('div.rounded-lg') as HTMLElement;
    expect(within(capacity).getAllByText(/^\d+%$/).map((badge) => badge.textContent)).toEqual(['85%', '92%', '78%', '95%']);
    expect(screen.getByRole('heading', { name: 'Strategic Initiatives' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Review Reports|Team Meeting|Strategy Planning/ }).map((b) => b.textContent)).toEqual([
      'Review Reports (Not available yet)',
      'Team Meeting (Not available yet)',
      'Strategy Planning (Not available yet)',
    ]);
  });

  it('the team card counts active users as the dashboard does: platform_overview’s figure, not the profiles’ sign-ins (issue 25)', async () => {
    const now = new Date().toISOString();
    const person = (id: string) => ({ user_id: id, first_name: id, last_name: '', email: `${id}@x.io`, marketing_role: null, last_active: now, access_role: 'member', joined_at: '' });
    const platform = { campaigns: 1, campaigns_last_month: 0, clicks: 0, conversions: 0, revenue: 0, clicks_last_month: 0, conversions_last_month: 0, revenue_last_month: 0, active_users: 2, active_users_before: 0 };
    fake.respondWith((call) => {
      if (call.table === 'rpc:workspace_members') return { data: [person('ada'), person('charles'), person('newcomer')], error: null };
      if (call.table === 'rpc:platform_overview') return { data: platform, error: null };
      return respondDefault(call);
    });
    renderModule('director');
    // The card is found afresh each time: the page re-renders its sections once the figures arrive.
    const figure = (label: string) => within(screen.getByRole('region', { name: 'Your Team' })).getByText(label).closest('div')!.querySelector('dd')!.textContent;
    await waitFor(() => expect(figure('Active Users (30 days)')).toBe('2'));
    expect(figure('Team Size')).toBe('3');
  });

  it('a workspace with no campaign and no content sees the spec’s Executive Overview figures, marked, with a prompt', async () => {
    executiveFigures = { total_budget: 0, active_campaigns: 0, spend: 0, revenue: 0, spend_before: 0, revenue_before: 0, members: 1 };
    renderModule('director');
    const prompt = await screen.findByText(/Create your first campaign or content item/);
    const overview = screen.getByRole('region', { name: 'Executive Overview' });
    expect(overview).toContainElement(prompt);
    expect(within(overview).getByText(/^Sample data/)).toBeInTheDocument();
    const value = (label: string) => within(overview).getByRole('heading', { name: label }).closest('li')!.textContent;
    expect(value('Total Budget')).toContain('$485,231');
    expect(value('Active Campaigns')).toContain('18');
    expect(value('ROI')).toContain('324%');
    expect(within(overview).queryByRole('heading', { name: 'Team Performance' })).not.toBeInTheDocument();
  });

  it('a not-yet-available action does nothing and says so in a tooltip on keyboard focus', async () => {
    renderModule('director');
    await screen.findByRole('heading', { name: 'Total Budget' }); // the page's figures have arrived
    const button = await screen.findByRole('button', { name: /Review Reports/ });
    await act(async () => button.focus());
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Not available yet'));
    await userEvent.click(button);
    expect(screen.getByRole('heading', { level: 1, name: 'Executive Overview' })).toBeInTheDocument();
  });
});

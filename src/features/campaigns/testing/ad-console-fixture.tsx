import { AdConsole } from '@/features/campaigns/components/ad-console';
import type { Campaign } from '@/features/campaigns/utils/campaign-form';
import { AuthProvider } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, type FakeResult, type FakeSupabase, type QueryCall, workspaceRows } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

/**
 * The Ad Console's unit tests' world: the fake data API (the test file mocks '@/lib/supabase' with the fake), the
 * workspace's campaigns and figures, and what writes answer. Tests change `adConsole`; `resetAdConsole` runs first.
 */
export const fake = (supabase as unknown as { fake: FakeSupabase }).fake;

const profile = {
  id: 'p1',
  user_id: 'user-1',
  organization_id: 'org-1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  marketing_role: 'digital_advertising_specialist',
  last_active: null,
  created_at: '',
  updated_at: '',
};

export function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 'k1',
    organization_id: 'org-1',
    user_id: 'user-1',
    title: 'Spring Launch',
    description: 'A campaign for the spring launch of the new website packages.',
    type: 'advertising',
    status: 'active',
    budget: 1500.5,
    start_date: '2026-06-01',
    end_date: '2026-06-30',
    target_audience: 'SMB owners',
    goals: '500 leads',
    execution_methods: ['Search Ads', 'Retargeting'],
    ad_collateral: ['Banner Images'],
    platforms: ['Google Ads'],
    created_at: '2026-05-01T09:00:00+00:00',
    updated_at: '2026-05-02T10:00:00+00:00',
    ...overrides,
  };
}

export const adConsole = {
  rows: [] as Campaign[],
  /** The user's workspaces (role per test: viewers get no way to change anything). */
  workspaces: [] as { id: string; name: string; role?: string }[],
  /** Whether the workspace has results, and the answers of the figure functions (rpc:<name>). */
  hasResults: false,
  figureAnswers: {} as Record<string, unknown>,
  onWrite: undefined as ((call: QueryCall) => FakeResult | undefined) | undefined,
  onList: undefined as ((call: QueryCall) => FakeResult | undefined) | undefined,
};

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'profiles') return { data: profile, error: null };
  const workspace = workspaceRows(call, adConsole.workspaces);
  if (workspace) return workspace;
  if (call.table === 'campaign_results') return { data: adConsole.hasResults ? [{ id: 'r1' }] : [], error: null };
  if (call.table.startsWith('rpc:')) return { data: adConsole.figureAnswers[call.table] ?? [], error: null };
  if (call.table !== 'campaigns') return undefined;
  if (call.operation === 'select') return adConsole.onList?.(call) ?? { data: adConsole.rows, error: null };
  const answer = adConsole.onWrite?.(call);
  if (answer) return answer;
  // Update and delete return the ids of the rows they changed.
  if (call.operation === 'update' || call.operation === 'delete') return { data: [{ id: call.filters[0]![1] }], error: null };
  return { data: null, error: null };
}

export const listCalls = () => fake.calls.filter((call) => call.table === 'campaigns' && call.operation === 'select');
export const writeCall = (operation: QueryCall['operation']) => fake.calls.find((call) => call.table === 'campaigns' && call.operation === operation);

export function renderConsole() {
  return renderRoutes([{ path: '/marketing/advertising', element: <AuthProvider><AdConsole /></AuthProvider> }], '/marketing/advertising');
}

/** Two campaigns (one active with every field, one paused with none), one workspace of which the user is owner. */
export function resetAdConsole() {
  fake.reset();
  Object.assign(adConsole, {
    rows: [
      campaign(),
      campaign({ id: 'k2', title: 'Retargeting Q3', description: null, status: 'paused', budget: null, start_date: null, end_date: null, platforms: [] }),
    ],
    workspaces: [{ id: 'org-1', name: 'Analytical Engines' }],
    hasResults: false,
    figureAnswers: {},
    onWrite: undefined,
    onList: undefined,
  });
  fake.respondWith(respond);
  fake.setSession(fakeSession());
}

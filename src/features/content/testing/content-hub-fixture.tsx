import { screen } from '@testing-library/react';
import { ContentHub } from '@/features/content/components/content-hub';
import type { ContentItem } from '@/features/content/utils/content-form';
import { AuthProvider } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, type FakeResult, type FakeSupabase, type QueryCall, workspaceRows } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

/**
 * The Content Hub's unit tests' world: the fake data API (the test file mocks '@/lib/supabase' with the fake), the
 * workspace's items, and what writes answer. Tests change `contentHub`; `resetContentHub` runs first.
 */
export const fake = (supabase as unknown as { fake: FakeSupabase }).fake;

const profile = {
  id: 'p1',
  user_id: 'user-1',
  organization_id: 'org-1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  marketing_role: 'content_marketing_manager',
  last_active: null,
  created_at: '',
  updated_at: '',
};

export function item(overrides: Partial<ContentItem> = {}): ContentItem {
  return {
    id: 'c1',
    organization_id: 'org-1',
    user_id: 'user-1',
    title: 'Launch post',
    slug: 'launch-post',
    content_type: 'blog_post',
    status: 'review',
    content: 'Body',
    excerpt: 'x'.repeat(120),
    featured_image_url: null,
    featured_asset_id: null,
    tags: ['seo', 'launch'],
    seo_title: null,
    seo_description: null,
    created_at: '2026-06-01T12:00:00.000000+00:00',
    updated_at: '2026-06-01T12:00:00.000000+00:00',
    planned_publish_at: null,
    published_at: null,
    publish_on_schedule: false,
    ...overrides,
  };
}


type Answer = (call: QueryCall) => FakeResult | Promise<FakeResult> | undefined;

export const contentHub = {
  rows: [] as ContentItem[],
  /** The user's workspaces (role per test: viewers get no way to change anything). */
  workspaces: [] as { id: string; name: string; role?: string }[],
  /** Answers content_items writes; undefined → success. */
  onWrite: undefined as Answer | undefined,
  onList: undefined as Answer | undefined,
  /** Answers the other content_items reads (calendar, Schedule Publishing's choices); undefined → the rows. */
  onChoices: undefined as Answer | undefined,
  /** workspace_site_figures' rows (the workspace's measured websites); [] → no site. */
  siteFigures: [] as Record<string, unknown>[],
};

function respond(call: QueryCall): FakeResult | Promise<FakeResult> | undefined {
  const { rows } = contentHub;
  if (call.table === 'profiles') return { data: profile, error: null };
  const workspace = workspaceRows(call, contentHub.workspaces);
  if (workspace) return workspace;
  if (call.table === 'rpc:workspace_site_figures') return { data: contentHub.siteFigures, error: null };
  if (call.table === 'rpc:content_overview') return { data: { published_this_month: 0, published_last_month: 0, in_review: 0, drafts: rows.length, scheduled_next_7_days: 0, overdue: 0 }, error: null };
  if (call.table !== 'content_items') return undefined;
  // The calendar and the overview read content items too; these tests are about the list.
  if (call.operation === 'select' && call.columns !== '*') {
    const statuses = call.filters.find(([column, value]) => column === 'status' && String(value).startsWith('in.'))?.[1] as string | undefined;
    const matching = statuses ? rows.filter((row) => statuses.slice(4, -1).split(',').includes(row.status)) : rows;
    return contentHub.onChoices?.(call) ?? { data: matching.slice(0, call.limit ?? matching.length), error: null };
  }
  if (call.operation === 'select') return contentHub.onList?.(call) ?? { data: rows, error: null };
  const answer = contentHub.onWrite?.(call);
  if (answer) return answer;
  // Update and delete return the ids of the rows they changed.
  if (call.operation === 'update' || call.operation === 'delete') return { data: [{ id: call.filters[0]![1] }], error: null };
  return { data: null, error: null };
}

export const listCalls = () => fake.calls.filter((call) => call.table === 'content_items' && call.operation === 'select' && call.columns === '*');
export const writeCall = (operation: QueryCall['operation']) => fake.calls.find((call) => call.table === 'content_items' && call.operation === operation);

export function renderHub() {
  return renderRoutes([{ path: '/marketing/content', element: <AuthProvider><ContentHub /></AuthProvider> }], '/marketing/content');
}

export async function itemsCard() {
  return (await screen.findByRole('heading', { name: 'Content Items' })).closest('.rounded-lg') as HTMLElement;
}

/** One item in review, one workspace of which the user is owner, nothing remembered by the browser. */
export function resetContentHub() {
  fake.reset();
  Object.assign(contentHub, { rows: [item()], workspaces: [{ id: 'org-1', name: 'Analytical Engines' }], onWrite: undefined, onList: undefined, onChoices: undefined, siteFigures: [] });
  localStorage.clear();
  fake.respondWith(respond);
  fake.setSession(fakeSession());
}

import { screen } from '@testing-library/react';
import type { Contact } from '@/features/contacts/api/contacts-query';
import { ContactsPage } from '@/features/contacts/components/contacts-page';
import { AuthProvider } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, workspaceRows, type FakeResult, type FakeSupabase, type QueryCall } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

/**
 * The contacts screen's unit tests' world: the fake data API (the test file mocks '@/lib/supabase' with the fake),
 * the workspace's contacts and members, and what writes answer. Tests change `contactsWorld`; `resetContactsWorld`
 * runs first.
 */
export const fake = (supabase as unknown as { fake: FakeSupabase }).fake;

export function contact(values: Partial<Contact> = {}): Contact {
  return {
    id: 'c1', organization_id: 'org-1', first_name: 'Dana', last_name: 'Reyes', email: 'dana@x.example', company: 'Northwind', job_title: null, phone: null,
    source: 'referral', lifecycle_stage: 'sales_qualified', tags: ['vip'], score_adjustment: 0, lead_score: 80, score_band: 'hot', owner_id: null, notes: null,
    last_activity_at: null, last_email_opened_at: null, last_email_clicked_at: null, created_at: '2026-11-23T07:00:00.123456+00:00', updated_at: '2026-11-24T08:30:00.654321+00:00', sort_name: 'reyes dana', ...values,
  };
}

type Answer = (call: QueryCall) => FakeResult | Promise<FakeResult> | undefined;

export const contactsWorld = {
  /** What the list answers (all of it: the tests look at the filters it was asked for). */
  rows: [] as Contact[],
  role: 'member',
  /** Answers contacts writes and the bulk functions; undefined → success. */
  onWrite: undefined as Answer | undefined,
};

const member = (id: string, first: string, role: string) => ({
  user_id: id, first_name: first, last_name: 'Test', email: `${first.toLowerCase()}@x.io`, marketing_role: null, last_active: null, access_role: role, joined_at: '2026-01-01T00:00:00Z',
});

function respond(call: QueryCall): FakeResult | Promise<FakeResult> | undefined {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', organization_id: 'org-1', first_name: 'Ada' }, error: null };
  const workspace = workspaceRows(call, [{ id: 'org-1', name: 'Acme', role: contactsWorld.role }]);
  if (workspace) return workspace;
  if (call.table === 'rpc:workspace_members') return { data: [member('user-1', 'Ada', contactsWorld.role), member('m-2', 'Mia', 'member')], error: null };
  if (call.table === 'contacts' && call.operation === 'select') return { data: contactsWorld.rows, error: null };
  const answer = (call.table === 'contacts' || call.table.startsWith('rpc:bulk_')) && contactsWorld.onWrite?.(call);
  if (answer) return answer;
  if (call.table === 'contacts') return { data: [{ id: 'saved' }], error: null };
  if (call.table.startsWith('rpc:bulk_')) return { data: (call.values as { contact_ids: string[] }).contact_ids.length, error: null };
  return undefined;
}

export const listCalls = () => fake.calls.filter((call) => call.table === 'contacts' && call.operation === 'select');
export const lastListCall = () => listCalls().at(-1)!;
export const rpcCalls = (name: string) => fake.calls.filter((call) => call.table === `rpc:${name}`).map((call) => call.values);
export const writeCalls = (operation: QueryCall['operation']) => fake.calls.filter((call) => call.table === 'contacts' && call.operation === operation);

export async function renderContacts() {
  const view = renderRoutes([{ path: '/contacts', element: <AuthProvider><ContactsPage /></AuthProvider> }], '/contacts');
  await screen.findByRole('table');
  return view;
}

/** Two contacts shown to a member; nothing remembered by the browser. */
export function resetContactsWorld() {
  fake.reset();
  Object.assign(contactsWorld, {
    rows: [contact(), contact({ id: 'c2', first_name: 'Li', last_name: 'Wei', email: 'li@x.example', lead_score: 40, score_band: 'cool', tags: [], lifecycle_stage: 'lead' })],
    role: 'member',
    onWrite: undefined,
  });
  localStorage.clear();
  fake.respondWith(respond);
  fake.setSession(fakeSession());
}

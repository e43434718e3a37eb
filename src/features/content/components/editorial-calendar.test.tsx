import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditorialCalendar } from '@/features/content/components/editorial-calendar';
import { localDayOf } from '@/features/content/utils/calendar';
import { AuthProvider } from '@/lib/auth';
import { addDays } from '@/lib/periods';
import { supabase } from '@/lib/supabase';
import { fakeSession, type FakeSupabase, type QueryCall, workspaceRows } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/toast', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
const profile = { id: 'p1', user_id: 'user-1', organization_id: 'org-1', first_name: 'Ada', last_name: 'L', marketing_role: 'content_marketing_manager', last_active: null, created_at: '', updated_at: '' };
// A fixed morning in the middle of a month: every day the tests use (three days back to four ahead) is in the month
// view, and items planned for later today are not yet overdue, whatever the clock of the machine says.
const now = new Date(2026, 2, 11, 8, 0);
const today = '2026-03-11';
const at = (day: string, hours: number) => new Date(`${day}T${String(hours).padStart(2, '0')}:15:00`).toISOString();
let items: { id: string; title: string; status: string; content_type: string; planned_publish_at: string | null; publish_on_schedule?: boolean }[];

function respond(call: QueryCall) {
  if (call.table === 'profiles') return { data: profile, error: null };
  const workspace = workspaceRows(call, [{ id: 'org-1', name: 'Analytical Engines' }]);
  if (workspace) return workspace;
  if (call.table === 'content_items' && call.operation === 'select') return { data: items, error: null };
  if (call.table === 'content_items' && call.operation === 'update') {
    // Stored: the next read gives the item on its new day, as the server would.
    const id = call.filters[0]![1];
    items = items.map((entry) => (entry.id === id ? { ...entry, ...(call.values as object) } : entry));
    return { data: [{ id }], error: null };
  }
  return undefined;
}

function renderCalendar(canWrite = true) {
  return renderRoutes([{ path: '/', element: <AuthProvider><EditorialCalendar canWrite={canWrite} /></AuthProvider> }], '/');
}

beforeEach(() => {
  vi.useFakeTimers({ now, toFake: ['Date'] });
  fake.reset();
  items = [
    { id: 'a', title: 'Launch post', status: 'review', content_type: 'article', planned_publish_at: at(addDays(today, 2), 9) },
    { id: 'b', title: 'Old draft', status: 'draft', content_type: 'article', planned_publish_at: at(addDays(today, -3), 10) },
    { id: 'c', title: 'Shipped', status: 'published', content_type: 'article', planned_publish_at: at(addDays(today, -3), 11) },
  ];
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

afterEach(() => {
  vi.useRealTimers();
});

describe('EditorialCalendar', () => {
  it('shows items on their day with their status, marks overdue ones, and asks for the range it shows', async () => {
    renderCalendar();
    const launch = await screen.findByRole('button', { name: /^Launch post, In Review/ });
    expect(launch.closest('[data-day]')).toHaveAttribute('data-day', addDays(today, 2));
    expect(screen.getByRole('button', { name: /^Old draft, Draft, .*, overdue$/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Shipped, Published, [^,]*,? ?[^,]*$/ }).getAttribute('aria-label')).not.toContain('overdue');
    const call = fake.calls.find((entry) => entry.table === 'content_items')!;
    expect(call.columns).toBe('id, title, status, content_type, planned_publish_at, publish_on_schedule');
    expect(call.order).toEqual([['planned_publish_at', true], ['id', true]]);
  });

  it('tells an item that publishes itself from one that is only planned, and never calls one on its way overdue', async () => {
    items.push(
      { id: 'd', title: 'Auto post', status: 'draft', content_type: 'article', planned_publish_at: at(addDays(today, 1), 9), publish_on_schedule: true },
      { id: 'e', title: 'Going out', status: 'draft', content_type: 'article', planned_publish_at: new Date(now.getTime() - 60_000).toISOString(), publish_on_schedule: true },
    );
    renderCalendar();
    const auto = await screen.findByRole('button', { name: /^Auto post, Draft, .*, scheduled to publish$/ });
    expect(within(auto).getByText('Scheduled')).toBeInTheDocument();
    const going = screen.getByRole('button', { name: /^Going out, Draft, .*, being published$/ });
    expect(within(going).getByText('Publishing...')).toBeInTheDocument();
    expect(within(going).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(screen.getByRole('button', { name: /^Launch post, In Review/ })).queryByText('Scheduled')).not.toBeInTheDocument();
  });

  it('moves an item with Alt + arrows: a day right, keeping its time, and says so', async () => {
    renderCalendar();
    const launch = await screen.findByRole('button', { name: /^Launch post/ });
    fireEvent.keyDown(launch, { key: 'ArrowRight', altKey: true });
    await waitFor(() => expect(fake.calls.filter((entry) => entry.operation === 'update')).toHaveLength(1));
    const moved = fake.calls.find((entry) => entry.operation === 'update')!.values as { planned_publish_at: string };
    expect(localDayOf(moved.planned_publish_at)).toBe(addDays(today, 3));
    expect(new Date(moved.planned_publish_at).getHours()).toBe(9);
    expect(screen.getByText(/^Moved "Launch post" to /)).toHaveAttribute('aria-live', 'polite');
    // Without Alt, arrows do nothing (the page keeps scrolling as usual).
    fireEvent.keyDown(launch, { key: 'ArrowDown' });
    expect(fake.calls.filter((entry) => entry.operation === 'update')).toHaveLength(1);
  });

  it('shows every item’s status as text in the month view, and “Overdue” in words, not by colour alone', async () => {
    renderCalendar();
    const launch = await screen.findByRole('button', { name: /^Launch post/ });
    expect(launch).toHaveTextContent(/^Launch postIn Review$/);
    const old = screen.getByRole('button', { name: /^Old draft/ });
    expect(within(old).getByText('Draft')).toBeVisible();
    expect(within(old).getByText('Overdue')).toBeVisible();
    expect(screen.getByRole('button', { name: /^Shipped/ })).toHaveTextContent(/^ShippedPublished$/);
  });

  it('shows three items a day in the month view and the rest behind a “+N more” button, which the keyboard reaches too', async () => {
    items = [1, 2, 3, 4, 5].map((n) => ({ id: `t${n}`, title: `Post ${n}`, status: 'draft', content_type: 'article', planned_publish_at: at(today, 12 + n) }));
    const user = userEvent.setup();
    renderCalendar();
    const day = (await screen.findByRole('button', { name: /^Post 1,/ })).closest('[data-day]') as HTMLElement;
    expect(within(day).getAllByRole('button', { name: /^Post / })).toHaveLength(3);
    const more = within(day).getByRole('button', { name: /^Show 2 more on / });
    expect(more).toHaveTextContent('+2 more');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    more.focus();
    await user.keyboard('{Enter}');
    expect(within(day).getAllByRole('button', { name: /^Post / }).map((entry) => entry.textContent)).toEqual(['Post 1Draft', 'Post 2Draft', 'Post 3Draft', 'Post 4Draft', 'Post 5Draft']);
    const fewer = within(day).getByRole('button', { name: /^Show fewer on / });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
    await user.click(fewer);
    expect(within(day).getAllByRole('button', { name: /^Post / })).toHaveLength(3);
  });

  it('lists overdue items and the coming weeks in the agenda, each with its status and overdue in words', async () => {
    renderCalendar();
    const switchToAgenda = await screen.findByRole('button', { name: 'Agenda', pressed: false });
    await userEvent.click(switchToAgenda);
    expect(switchToAgenda).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'false');
    const agenda = await screen.findByRole('list', { name: 'Agenda' });
    const days = within(agenda).getAllByRole('listitem').filter((entry) => entry.querySelector('h3'));
    // The published item of three days ago is not overdue: its day shows only the draft.
    expect(days.map((day) => day.textContent)).toEqual([
      expect.stringMatching(/Old draftDraftOverdue$/),
      expect.stringMatching(/Launch postIn Review$/),
    ]);
  });

  it('keeps the focus on an item moved with the keyboard, so Alt + → twice moves it two days', async () => {
    const user = userEvent.setup();
    renderCalendar();
    (await screen.findByRole('button', { name: /^Launch post/ })).focus();
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    await waitFor(() => expect(document.activeElement?.closest('[data-day]')).toHaveAttribute('data-day', addDays(today, 3)));
    expect(document.activeElement).toHaveAccessibleName(/^Launch post/);
    // Straight on, without focusing it again by hand.
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    await waitFor(() => expect(document.activeElement?.closest('[data-day]')).toHaveAttribute('data-day', addDays(today, 4)));
    const moves = fake.calls.filter((entry) => entry.operation === 'update').map((entry) => localDayOf((entry.values as { planned_publish_at: string }).planned_publish_at));
    expect(moves).toEqual([addDays(today, 3), addDays(today, 4)]);
    expect(document.activeElement).toHaveAccessibleName(/^Launch post/);
  });

  it('refuses to move a scheduled item into the past, where it would publish at once, and says why; a plan may go there', async () => {
    items.push({ id: 'd', title: 'Auto post', status: 'draft', content_type: 'article', planned_publish_at: at(today, 9), publish_on_schedule: true });
    renderCalendar();
    const auto = await screen.findByRole('button', { name: /^Auto post, Draft, .*, scheduled to publish$/ });
    fireEvent.keyDown(auto, { key: 'ArrowLeft', altKey: true });
    expect(toast.error).toHaveBeenCalledWith('A scheduled item cannot move into the past', { description: expect.stringContaining('"Auto post" publishes itself at its moment') });
    expect(screen.getByText(/it would be published at once/)).toHaveAttribute('aria-live', 'polite');
    expect(fake.calls.some((entry) => entry.operation === 'update')).toBe(false);
    expect(screen.getByRole('button', { name: /^Auto post/ }).closest('[data-day]')).toHaveAttribute('data-day', today);
    // Later is fine; and a date that is only a plan may move into the past.
    fireEvent.keyDown(screen.getByRole('button', { name: /^Auto post/ }), { key: 'ArrowRight', altKey: true });
    fireEvent.keyDown(screen.getByRole('button', { name: /^Old draft/ }), { key: 'ArrowLeft', altKey: true });
    await waitFor(() => expect(fake.calls.filter((entry) => entry.operation === 'update')).toHaveLength(2));
  });

  it('lets a viewer look without moving anything', async () => {
    renderCalendar(false);
    const launch = await screen.findByRole('group', { name: /^Launch post/ });
    fireEvent.keyDown(launch, { key: 'ArrowRight', altKey: true });
    expect(fake.calls.some((entry) => entry.operation === 'update')).toBe(false);
    expect(within(launch.closest('[data-day]') as HTMLElement).queryByRole('button', { name: /Launch post/ })).toBeNull();
  });
});

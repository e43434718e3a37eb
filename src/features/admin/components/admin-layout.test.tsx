import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeAdminSupabase, type FakeAdminSupabase } from '@/features/admin/testing/fake-admin-supabase';
import type { AdminSession } from '@/lib/admin-session';
import { Landing } from '@/testing/render';
import { AdminLayout } from './admin-layout';
import { AdminTestPage } from './admin-test-page';

const state = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  let status: 'checking' | 'admin' | 'visitor' = 'visitor';
  return {
    fake: null as unknown as FakeAdminSupabase,
    /** The admin session's status, changeable while rendered (as the real provider's). */
    session: {
      get: () => status,
      set(next: typeof status) {
        status = next;
        for (const listener of listeners) listener();
      },
      subscribe(listener: () => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
});

vi.mock('@/lib/supabase', () => ({
  adminSupabase: {
    from: (table: never) => state.fake.client.from(table),
    rpc: (name: string) => state.fake.client.rpc(name),
  },
}));
vi.mock('@/lib/admin-session', () => ({
  useAdminSession: (): AdminSession => {
    const status = useSyncExternalStore(state.session.subscribe, state.session.get);
    return { status, isAdmin: status === 'admin', login: vi.fn(), refresh: vi.fn(), logout: vi.fn() };
  },
}));

const routes: RouteObject[] = [
  { path: '/', element: <Landing name="home" /> },
  { path: '/admin-login', element: <Landing name="admin login" /> },
  {
    element: <AdminLayout />,
    children: [
      { path: '/admin', element: <Landing name="admin dashboard" /> },
      { path: '/admin/page-1', element: <AdminTestPage number={1} /> },
      { path: '/admin/page-5', element: <AdminTestPage number={5} /> },
      { path: '/admin/page-21', element: <AdminTestPage number={21} /> },
      { path: '/admin/page-99', element: <AdminTestPage number={99} /> },
    ],
  },
];

function renderAt(path: string, status: 'checking' | 'admin' | 'visitor') {
  state.session.set(status);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: ['/', path], initialIndex: 1 });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

beforeEach(() => {
  state.fake = createFakeAdminSupabase();
});

describe('the admin guard', () => {
  it.each(['/admin', '/admin/page-1', '/admin/page-99'])('sends a visitor from %s to /admin-login, replacing history', async (path) => {
    const { router } = renderAt(path, 'visitor');
    expect(await screen.findByText('landed on admin login')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
    expect(state.fake.calls).toEqual([]);
  });

  it('waits while the stored session is checked (nothing shown, nothing loaded), then shows the page to the admin', async () => {
    const view = renderAt('/admin', 'checking');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your admin session...');
    expect(view.router.state.location.pathname).toBe('/admin');
    expect(state.fake.calls).toEqual([]);

    act(() => state.session.set('admin'));
    expect(await screen.findByText('landed on admin dashboard')).toBeInTheDocument();
  });

  it('forgets the loaded admin data when the session ends', async () => {
    const view = renderAt('/admin', 'admin');
    await screen.findByRole('link', { name: 'THE TEST LAB' });
    expect(view.queryClient.getQueryData(['admin', 'admin-pages'])).toHaveLength(20);
    act(() => state.session.set('visitor'));
    expect(await screen.findByText('landed on admin login')).toBeInTheDocument();
    expect(view.queryClient.getQueryData(['admin', 'admin-pages'])).toBeUndefined();
  });
});

describe('the admin navigation', () => {
  it('lists the dashboard, the Administrator screen and the admin pages stored in the database', async () => {
    state.fake.tables.admin_pages.push({ id: 'p21', number: 21, title: 'Page 21', path: '/admin/page-21' });
    state.fake.tables.admin_pages[1]!.title = 'Renamed two';
    renderAt('/admin', 'admin');
    const nav = screen.getByRole('navigation', { name: 'Admin navigation' });
    expect(within(nav).getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Administrator' })).toHaveAttribute('href', '/admin/administrator');
    const pages = within(await within(nav).findByRole('list', { name: 'Test pages' })).getAllByRole('link');
    expect(pages).toHaveLength(21);
    expect(pages.slice(0, 3).map((link) => link.textContent)).toEqual(['THE TEST LAB', 'Renamed two', 'Page 3']);
    expect(pages[20]).toHaveAttribute('href', '/admin/page-21');
  });
});

describe('AdminTestPage', () => {
  it('page 1 is THE TEST LAB, with a hero image and placeholder content', async () => {
    renderAt('/admin/page-1', 'admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'THE TEST LAB' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Hero image of THE TEST LAB' })).toHaveAttribute('width', '1600');
    expect(screen.getByRole('heading', { level: 2, name: 'A blank canvas' })).toBeInTheDocument();
  });

  it('a page added later (21) opens with its stored title', async () => {
    state.fake.tables.admin_pages.push({ id: 'p21', number: 21, title: 'Page 21', path: '/admin/page-21' });
    renderAt('/admin/page-21', 'admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page 21' })).toBeInTheDocument();
  });

  it('a number that is not in the database is the 404 page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/admin/page-21', 'admin');
    expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    // Inside the admin layout, beside its navigation, not a full-screen page of its own.
    expect(screen.getByRole('navigation', { name: 'Admin navigation' })).toBeInTheDocument();
    expect(screen.getByText('Oops! Page not found').closest('main')).not.toHaveClass('min-h-screen');
  });

  it('page 5 is the Pricing Testing Page: the pricing component with its Save 20% toggle and the integration guide', async () => {
    renderAt('/admin/page-5', 'admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing Testing Page' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Simple, Transparent Pricing' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Annual billing (Save 20%)' })).not.toBeChecked();
    expect(screen.getByRole('heading', { level: 2, name: 'Integration guide' })).toBeInTheDocument();
    expect(screen.getByText(/import \{ PricingSection \} from '@\/components\/pricing\/pricing-section';/)).toBeInTheDocument();
  });

  it('shows a load failure with a way to try again (not a 404)', async () => {
    state.fake.failNext('admin_pages.select', { message: 'offline' });
    renderAt('/admin/page-1', 'admin');
    const main = await screen.findByText('This page could not be loaded.');
    expect(main).toBeInTheDocument();
    expect(screen.queryByText('Oops! Page not found')).not.toBeInTheDocument();
    // The navigation's own load failed too (same query): both offer to try again.
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });
});

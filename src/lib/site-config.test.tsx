import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAdminSession } from '@/lib/admin-session';
import { fetchSiteConfig } from '@/lib/site-config-api';
import { SiteConfigProvider, useSiteConfig } from './site-config';

vi.mock('@/lib/site-config-api', () => ({ fetchSiteConfig: vi.fn() }));
vi.mock('@/lib/admin-session', () => ({ useAdminSession: vi.fn(() => ({ isAdmin: false })) }));

const stored = {
  menuItems: [
    { id: '1', name: 'Start', href: '/', sort_order: 1 },
    { id: '2', name: 'Work', href: '/portfolio', sort_order: 2 },
  ],
  adminPages: null,
};

const wrapper = ({ children }: { children: ReactNode }) => <SiteConfigProvider>{children}</SiteConfigProvider>;

/** After a first load (the lazily imported data module is then in place, as after the side menu's first opening). */
async function renderLoaded() {
  vi.mocked(fetchSiteConfig).mockResolvedValueOnce(stored);
  const rendered = renderHook(() => useSiteConfig(), { wrapper });
  act(() => rendered.result.current.load());
  await waitFor(() => expect(rendered.result.current.isLoaded).toBe(true));
  return rendered;
}

afterEach(() => {
  vi.mocked(fetchSiteConfig).mockReset();
  vi.mocked(useAdminSession).mockReturnValue({ isAdmin: false } as ReturnType<typeof useAdminSession>);
});

describe('useSiteConfig', () => {
  it('throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useSiteConfig())).toThrow('useSiteConfig must be used within a SiteConfigProvider');
  });

  it('offers the defaults without loading anything until asked', () => {
    const { result } = renderHook(() => useSiteConfig(), { wrapper });
    expect(result.current.menuItems.map((item) => item.name)).toEqual(['Home', 'Portfolio', 'About', 'ROI']);
    expect(result.current.adminPages).toHaveLength(20);
    expect(result.current.adminPages[0]).toMatchObject({ number: 1, title: 'THE TEST LAB', path: '/admin/page-1' });
    expect(result.current.loading).toBe(false);
    expect(fetchSiteConfig).not.toHaveBeenCalled();
  });

  it('loads the stored menu once, loading meanwhile', async () => {
    let resolve: (value: typeof stored) => void = () => {};
    vi.mocked(fetchSiteConfig).mockImplementation(() => new Promise((done) => (resolve = done)));
    const { result } = renderHook(() => useSiteConfig(), { wrapper });
    act(() => result.current.load());
    expect(result.current.loading).toBe(true);
    act(() => result.current.load());
    await waitFor(() => expect(fetchSiteConfig).toHaveBeenCalled());
    await act(async () => resolve(stored));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.isLoaded).toBe(true);
    expect(result.current.menuItems.map((item) => item.name)).toEqual(['Start', 'Work']);
    act(() => result.current.load());
    expect(fetchSiteConfig).toHaveBeenCalledTimes(1);
    expect(fetchSiteConfig).toHaveBeenCalledWith({ withAdminPages: false });
  });

  it('logs a failure as Failed to load site configuration and keeps the defaults usable', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(fetchSiteConfig).mockRejectedValue(new Error('network down'));
    const { result } = renderHook(() => useSiteConfig(), { wrapper });
    act(() => result.current.load());
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(error).toHaveBeenCalledWith('Failed to load site configuration', expect.any(Error));
    expect(result.current.menuItems.map((item) => item.name)).toEqual(['Home', 'Portfolio', 'About', 'ROI']);
    expect(result.current.isLoaded).toBe(false);
  });

  it('reloads on refresh, so editors can show their changes without a page reload', async () => {
    vi.mocked(fetchSiteConfig).mockResolvedValueOnce(stored);
    function Menu() {
      const { menuItems, refresh } = useSiteConfig();
      return (
        <>
          <p>{menuItems.map((item) => item.name).join(', ')}</p>
          <button onClick={() => void refresh()}>refresh</button>
        </>
      );
    }
    render(<Menu />, { wrapper });
    await act(async () => screen.getByRole('button').click());
    expect(await screen.findByText('Start, Work')).toBeInTheDocument();
    vi.mocked(fetchSiteConfig).mockResolvedValueOnce({ ...stored, menuItems: [...stored.menuItems, { id: '3', name: 'Blog', href: '/blog', sort_order: 3 }] });
    await act(async () => screen.getByRole('button').click());
    expect(await screen.findByText('Start, Work, Blog')).toBeInTheDocument();
  });

  it('keeps the latest of two overlapping reloads, even when the older answer arrives last', async () => {
    const { result } = await renderLoaded();
    const answers: ((value: typeof stored) => void)[] = [];
    vi.mocked(fetchSiteConfig).mockImplementation(() => new Promise((done) => answers.push(done)));
    act(() => void result.current.refresh());
    act(() => void result.current.refresh());
    await waitFor(() => expect(answers).toHaveLength(2));
    await act(async () => answers[1]({ ...stored, menuItems: [{ id: '1', name: 'Newer', href: '/', sort_order: 1 }] }));
    expect(result.current.loading).toBe(false);
    await act(async () => answers[0]({ ...stored, menuItems: [{ id: '1', name: 'Older', href: '/', sort_order: 1 }] }));
    expect(result.current.menuItems.map((item) => item.name)).toEqual(['Newer']);
  });

  it('stays loading until the latest reload has answered', async () => {
    const { result } = await renderLoaded();
    const answers: ((value: typeof stored) => void)[] = [];
    vi.mocked(fetchSiteConfig).mockImplementation(() => new Promise((done) => answers.push(done)));
    act(() => void result.current.refresh());
    act(() => void result.current.refresh());
    await waitFor(() => expect(answers).toHaveLength(2));
    await act(async () => answers[0](stored));
    expect(result.current.loading).toBe(true);
    await act(async () => answers[1](stored));
    expect(result.current.loading).toBe(false);
  });

  it('loads the admin pages for a confirmed site admin', async () => {
    vi.mocked(useAdminSession).mockReturnValue({ isAdmin: true } as ReturnType<typeof useAdminSession>);
    vi.mocked(fetchSiteConfig).mockResolvedValue({ ...stored, adminPages: [{ id: 'p', number: 1, title: 'Lab', path: '/admin/page-1' }] });
    const { result } = renderHook(() => useSiteConfig(), { wrapper });
    act(() => result.current.load());
    await waitFor(() => expect(result.current.isLoaded).toBe(true));
    expect(fetchSiteConfig).toHaveBeenCalledWith({ withAdminPages: true });
    expect(result.current.adminPages).toEqual([{ id: 'p', number: 1, title: 'Lab', path: '/admin/page-1' }]);
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAdminSession, type AdminSession } from '@/lib/admin-session';
import { defaultAdminPages, defaultMenu, useSiteConfig, type SiteConfig } from '@/lib/site-config';
import { SideMenu } from './side-menu';

vi.mock('@/lib/site-config', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useSiteConfig: vi.fn(),
}));
vi.mock('@/lib/admin-session', () => ({ useAdminSession: vi.fn() }));

const logout = vi.fn(() => Promise.resolve());

function setup({ isAdmin, config = {} }: { isAdmin: boolean; config?: Partial<SiteConfig> }) {
  vi.mocked(useSiteConfig).mockReturnValue({
    menuItems: defaultMenu,
    adminPages: defaultAdminPages,
    loading: false,
    isLoaded: true,
    load: vi.fn(),
    refresh: vi.fn(),
    ...config,
  });
  vi.mocked(useAdminSession).mockReturnValue({
    status: isAdmin ? 'admin' : 'visitor',
    isAdmin,
    login: vi.fn(),
    refresh: vi.fn(),
    logout,
  } satisfies AdminSession);
  const onOpenChange = vi.fn();
  render(
    <MemoryRouter initialEntries={['/about']}>
      <SideMenu open onOpenChange={onOpenChange} returnFocusTo={createRef()} />
    </MemoryRouter>,
  );
  return { onOpenChange, dialog: screen.getByRole('dialog', { name: 'Menu' }) };
}

beforeEach(() => {
  logout.mockClear();
});

describe('SideMenu', () => {
  it('lists the menu items in sort order and marks the current page, without any admin part for a visitor', () => {
    const { dialog } = setup({
      isAdmin: false,
      config: {
        menuItems: [
          { id: 'b', name: 'About us', href: '/about', sort_order: 3 },
          { id: 'a', name: 'Start', href: '/', sort_order: 1 },
          { id: 'c', name: 'Blog', href: 'https://blog.example.com', sort_order: 7 },
        ],
      },
    });
    const main = within(dialog).getByRole('navigation', { name: 'Main' });
    expect(within(main).getAllByRole('link').map((link) => link.textContent)).toEqual(['Start', 'About us', 'Blog']);
    expect(within(main).getByRole('link', { name: 'About us' })).toHaveAttribute('aria-current', 'page');
    expect(within(main).getByRole('link', { name: 'Blog' })).toHaveAttribute('href', 'https://blog.example.com');
    expect(within(dialog).queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Admin Dashboard')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Admin Logout' })).not.toBeInTheDocument();
  });

  it('says so while the stored menu loads, with the defaults usable meanwhile', () => {
    const { dialog } = setup({ isAdmin: false, config: { loading: true, isLoaded: false } });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading menu…');
    expect(within(dialog).getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'Portfolio', 'About', 'ROI']);
  });

  it('shows a site admin the Admin Dashboard, Administrator, the admin pages and Admin Logout', () => {
    const { dialog } = setup({ isAdmin: true });
    const admin = within(dialog).getByRole('navigation', { name: 'Admin' });
    expect(within(admin).getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
    expect(within(admin).getByRole('link', { name: 'Administrator' })).toHaveAttribute('href', '/admin/administrator');
    const pages = within(admin).getByRole('list', { name: 'Admin pages' });
    const links = within(pages).getAllByRole('link');
    expect(links).toHaveLength(20);
    expect(links[0]).toHaveTextContent('THE TEST LAB');
    expect(links[0]).toHaveAttribute('href', '/admin/page-1');
    expect(links[19]).toHaveTextContent('Page 20');
    expect(pages).toHaveClass('max-h-64', 'overflow-y-auto');
    expect(within(pages).getAllByTestId('test-lab-icon')).toHaveLength(1);
    expect(within(links[0]!).getByTestId('test-lab-icon')).toBeInTheDocument();
    expect(within(admin).getByRole('button', { name: 'Admin Logout' })).toBeInTheDocument();
  });

  it('closes the menu and logs the admin out on Admin Logout', async () => {
    const { dialog, onOpenChange } = setup({ isAdmin: true });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Admin Logout' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('closes when a link is followed', async () => {
    const { dialog, onOpenChange } = setup({ isAdmin: false });
    await userEvent.click(within(dialog).getByRole('link', { name: 'ROI' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('closes with its close button', async () => {
    const { dialog, onOpenChange } = setup({ isAdmin: false });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

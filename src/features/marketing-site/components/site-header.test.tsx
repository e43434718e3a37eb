import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SiteConfigProvider } from '@/lib/site-config';
import { fetchSiteConfig } from '@/lib/site-config-api';
import { SiteHeader } from './site-header';

vi.mock('@/lib/site-config-api', () => ({ fetchSiteConfig: vi.fn() }));
vi.mock('@/lib/admin-session', () => ({
  useAdminSession: () => ({ status: 'visitor', isAdmin: false, refresh: vi.fn(), logout: vi.fn() }),
}));

function renderHeader() {
  render(
    <MemoryRouter>
      <SiteConfigProvider>
        <SiteHeader />
      </SiteConfigProvider>
    </MemoryRouter>,
  );
}

describe('SiteHeader', () => {
  it('links the brand logo home', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Beyond Brochures' })).toHaveAttribute('href', '/');
  });

  it('loads the stored menu on intent and shows it in the side menu', async () => {
    vi.mocked(fetchSiteConfig).mockResolvedValue({
      menuItems: [{ id: '1', name: 'Our Home', href: '/', sort_order: 1 }],
      adminPages: null,
    });
    renderHeader();
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(fetchSiteConfig).not.toHaveBeenCalled();
    await userEvent.hover(button);
    await waitFor(() => expect(fetchSiteConfig).toHaveBeenCalledTimes(1));
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(await screen.findByRole('link', { name: 'Our Home' })).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });

  it('keeps the default menu when loading fails, logging the failure', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(fetchSiteConfig).mockRejectedValue(new Error('offline'));
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await screen.findByRole('dialog', { name: 'Menu' });
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to load site configuration', expect.any(Error)));
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(expect.arrayContaining(['Home', 'Portfolio', 'About', 'ROI']));
  });
});

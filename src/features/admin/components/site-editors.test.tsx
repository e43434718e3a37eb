import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeAdminSupabase, type FakeAdminSupabase } from '@/features/admin/testing/fake-admin-supabase';
import { renderRoutes } from '@/testing/render';
import { AdminPagesEditor } from './admin-pages-editor';
import { MenuItemsEditor } from './menu-items-editor';

const state = vi.hoisted(() => ({ fake: null as unknown as FakeAdminSupabase, refresh: vi.fn() }));

vi.mock('@/lib/supabase', () => ({
  adminSupabase: {
    from: (table: never) => state.fake.client.from(table),
    rpc: (name: string) => state.fake.client.rpc(name),
  },
}));
vi.mock('@/lib/site-config', () => ({ useSiteConfig: () => ({ refresh: state.refresh }) }));
vi.mock('@/lib/toast', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

beforeEach(() => {
  state.fake = createFakeAdminSupabase();
  state.refresh = vi.fn().mockResolvedValue(undefined);
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

function renderMenuEditor() {
  renderRoutes([{ path: '/', element: <MenuItemsEditor /> }]);
  return screen.getByRole('region', { name: 'Navigation menu' });
}

function renderPagesEditor() {
  renderRoutes([{ path: '/', element: <AdminPagesEditor /> }]);
  return screen.getByRole('region', { name: 'Admin pages' });
}

const nameInput = (href: string) => screen.findByRole('textbox', { name: `Name of the menu item linking to ${href}` });

describe('MenuItemsEditor', () => {
  it('sends a rename only for entries whose trimmed name changed, then reloads the editor and the header', async () => {
    const user = userEvent.setup();
    renderMenuEditor();
    await user.clear(await nameInput('/portfolio'));
    await user.type(await nameInput('/portfolio'), '  Work  ');
    await user.type(await nameInput('/about'), ' '); // only a space: unchanged once trimmed
    await user.click(screen.getByRole('button', { name: 'Save Menu Items' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Menu items updated successfully!'));
    expect(state.fake.writes()).toEqual([{ table: 'menu_items', operation: 'update', values: { name: 'Work' }, filters: [['id', 'menu-2']] }]);
    expect(state.refresh).toHaveBeenCalled();
    expect(await nameInput('/portfolio')).toHaveValue('Work');
    expect(await nameInput('/about')).toHaveValue('About');
    expect(screen.getByRole('button', { name: 'Save Menu Items' })).toBeDisabled();
  });

  it('sends nothing while no name changed, and refuses a blank name', async () => {
    const user = userEvent.setup();
    renderMenuEditor();
    const save = await screen.findByRole('button', { name: 'Save Menu Items' });
    expect(save).toBeDisabled();
    await user.clear(await nameInput('/'));
    expect(await screen.findByRole('alert')).toHaveTextContent('A menu item needs a name');
    expect(await nameInput('/')).toHaveAttribute('aria-invalid', 'true');
    expect(save).toBeDisabled();
    expect(state.fake.writes()).toEqual([]);
  });

  it('shows the failure toast, logs and keeps the typed names when the update fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    state.fake.failNext('menu_items.update');
    const user = userEvent.setup();
    renderMenuEditor();
    await user.clear(await nameInput('/roi'));
    await user.type(await nameInput('/roi'), 'Results');
    await user.click(screen.getByRole('button', { name: 'Save Menu Items' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to update menu items', { description: 'This account may no longer edit the site. Log in again as the admin.' }));
    expect(log).toHaveBeenCalledWith('Error updating menu items:', expect.objectContaining({ message: 'new row violates row-level security policy' }));
    expect(await nameInput('/roi')).toHaveValue('Results');
    expect(state.fake.tables.menu_items.find((item) => item.href === '/roi')?.name).toBe('ROI');
  });

  it('reports a rename that changed no row (an account that lost its admin rights) as a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderMenuEditor();
    const input = await nameInput('/about');
    state.fake.tables.menu_items.splice(2, 1); // removed meanwhile, as RLS hides a row
    await user.type(input, ' us');
    await user.click(screen.getByRole('button', { name: 'Save Menu Items' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to update menu items', { description: 'This account may no longer edit the site. Log in again as the admin.' }));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('adds an item with trimmed name and URL at sort order max + 1, then clears the form', async () => {
    const user = userEvent.setup();
    const editor = renderMenuEditor();
    await nameInput('/');
    const add = within(editor).getByRole('form', { name: 'Add Menu Item' });
    await user.type(within(add).getByLabelText('Name'), '  Contact ');
    await user.type(within(add).getByLabelText('URL'), ' /contact ');
    await user.click(within(add).getByRole('button', { name: 'Add Menu Item' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Menu item added successfully!'));
    expect(state.fake.writes()).toEqual([{ table: 'menu_items', operation: 'insert', values: { name: 'Contact', href: '/contact', sort_order: 5 }, filters: [] }]);
    expect(within(add).getByLabelText('Name')).toHaveValue('');
    expect(await nameInput('/contact')).toHaveValue('Contact');
    expect(state.refresh).toHaveBeenCalled();
  });

  it.each([
    ['no name', '', '/contact'],
    ['no URL', 'Contact', ''],
    ['spaces only', '  ', '  '],
  ])('refuses to add with %s: "Please enter both name and URL for the new menu item"', async (_, name, href) => {
    const user = userEvent.setup();
    const editor = renderMenuEditor();
    await nameInput('/');
    const add = within(editor).getByRole('form', { name: 'Add Menu Item' });
    if (name) await user.type(within(add).getByLabelText('Name'), name);
    if (href) await user.type(within(add).getByLabelText('URL'), href);
    await user.click(within(add).getByRole('button', { name: 'Add Menu Item' }));
    expect(toast.error).toHaveBeenCalledWith('Please enter both name and URL for the new menu item');
    expect(state.fake.writes()).toEqual([]);
  });

  it('keeps the new item in the form when adding fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    state.fake.failNext('menu_items.insert');
    const user = userEvent.setup();
    const editor = renderMenuEditor();
    await nameInput('/');
    const add = within(editor).getByRole('form', { name: 'Add Menu Item' });
    await user.type(within(add).getByLabelText('Name'), 'Blog');
    await user.type(within(add).getByLabelText('URL'), 'https://blog.example.com');
    await user.click(within(add).getByRole('button', { name: 'Add Menu Item' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to add menu item', expect.anything()));
    expect(within(add).getByLabelText('Name')).toHaveValue('Blog');
  });

  it('resets to the defaults only after the confirmation', async () => {
    const user = userEvent.setup();
    renderMenuEditor();
    await nameInput('/');
    await user.click(screen.getByRole('button', { name: 'Reset Menu Items' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reset the navigation menu?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(state.fake.writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Reset Menu Items' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Menu items reset to default!'));
    expect(state.fake.writes()).toEqual([{ rpc: 'reset_menu_items', operation: 'rpc', filters: [] }]);
  });

  it('shows the reset failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    state.fake.failNext('rpc.reset_menu_items');
    const user = userEvent.setup();
    renderMenuEditor();
    await nameInput('/');
    await user.click(screen.getByRole('button', { name: 'Reset Menu Items' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to reset menu items', expect.anything()));
  });

  it('shows a load failure with a way to try again', async () => {
    state.fake.failNext('menu_items.select', { message: 'offline' });
    const user = userEvent.setup();
    renderMenuEditor();
    expect(await screen.findByText('The menu items could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await nameInput('/')).toHaveValue('Home');
  });
});

const titleInput = (number: number) => screen.findByRole('textbox', { name: `Title of page ${number}` });

describe('AdminPagesEditor', () => {
  it('lists the pages in a list that scrolls at 24rem, and renames only changed trimmed titles by number', async () => {
    const user = userEvent.setup();
    renderPagesEditor();
    expect(await titleInput(1)).toHaveValue('THE TEST LAB');
    expect(screen.getByTestId('admin-pages-editor-list')).toHaveClass('max-h-96', 'overflow-y-auto');
    await user.clear(await titleInput(3));
    await user.type(await titleInput(3), ' Forms lab ');
    await user.type(await titleInput(4), '  ');
    await user.click(screen.getByRole('button', { name: 'Save Page Titles' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Admin pages updated successfully!'));
    expect(state.fake.writes()).toEqual([{ table: 'admin_pages', operation: 'update', values: { title: 'Forms lab' }, filters: [['number', 3]] }]);
    expect(state.refresh).toHaveBeenCalled();
  });

  it('adds Page {max + 1} at /admin/page-{n}', async () => {
    const user = userEvent.setup();
    renderPagesEditor();
    await titleInput(1);
    expect(screen.getByText('The next page is Page 21 at /admin/page-21.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Page' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Page 21 added successfully!'));
    expect(state.fake.writes()).toEqual([
      { table: 'admin_pages', operation: 'insert', values: { number: 21, title: 'Page 21', path: '/admin/page-21' }, filters: [] },
    ]);
    expect(await titleInput(21)).toHaveValue('Page 21');
    expect(screen.getByText('The next page is Page 22 at /admin/page-22.')).toBeInTheDocument();
  });

  it('shows the failure of adding a page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    state.fake.failNext('admin_pages.insert');
    const user = userEvent.setup();
    renderPagesEditor();
    await titleInput(1);
    await user.click(screen.getByRole('button', { name: 'Add Page' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to add page', expect.anything()));
  });

  it('shows the failure of a rename', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    state.fake.failNext('admin_pages.update');
    const user = userEvent.setup();
    renderPagesEditor();
    await user.type(await titleInput(2), '!');
    await user.click(screen.getByRole('button', { name: 'Save Page Titles' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to update admin pages', expect.anything()));
    expect(await titleInput(2)).toHaveValue('Page 2!');
  });

  it('resets to the 20 defaults after the confirmation, and shows a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderPagesEditor();
    await titleInput(1);
    state.fake.failNext('rpc.reset_admin_pages');
    await user.click(screen.getByRole('button', { name: 'Reset Admin Pages' }));
    expect(screen.getByRole('alertdialog', { name: 'Reset the admin pages?' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to reset admin pages', expect.anything()));

    await user.click(screen.getByRole('button', { name: 'Reset Admin Pages' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Admin pages reset to default!'));
    expect(state.fake.writes().map((call) => call.rpc)).toEqual(['reset_admin_pages', 'reset_admin_pages']);
  });
});

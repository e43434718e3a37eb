import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import type { FakeResult } from '@/testing/fake-supabase';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contentHub, fake, listCalls, renderHub, resetContentHub, writeCall } from '@/features/content/testing/content-hub-fixture';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

beforeEach(resetContentHub);

describe('content dialog', () => {
  it("creates an item with the user's id and organization, says so, closes and reloads the list", async () => {
    const success = vi.spyOn(toast, 'success');
    renderHub();
    await screen.findByText('Launch post');
    await userEvent.click(screen.getByRole('button', { name: 'Create Content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Content' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), '  Ten ways to measure ROI ');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tags' }), 'roi, , analytics ,');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Featured Image URL' }), 'https://example.com/roi.png');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Content' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Content created successfully!'));
    expect(writeCall('insert')!.values).toEqual({
      title: 'Ten ways to measure ROI',
      content_type: 'article',
      status: 'draft',
      content: null,
      excerpt: null,
      featured_image_url: 'https://example.com/roi.png',
      featured_asset_id: null,
      tags: ['roi', 'analytics'],
      seo_title: null,
      seo_description: null,
      planned_publish_at: null,
      publish_on_schedule: false,
      user_id: 'user-1',
      organization_id: 'org-1',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('a double click on Save Content inserts once (the second click arrives before the button is disabled)', async () => {
    const success = vi.spyOn(toast, 'success');
    renderHub();
    await screen.findByText('Launch post');
    await userEvent.click(screen.getByRole('button', { name: 'Create Content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Content' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Once');
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Save Content' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Content created successfully!'));
    expect(fake.calls.filter((call) => call.table === 'content_items' && call.operation === 'insert')).toHaveLength(1);
    expect(success).toHaveBeenCalledTimes(1);
  });

  it("shows 'Saving...' while saving and cannot be closed meanwhile", async () => {
    let finish: (result: FakeResult) => void = () => {};
    contentHub.onWrite = () => new Promise<FakeResult>((resolve) => (finish = resolve));
    renderHub();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Content' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Draft');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Content' }));
    const saving = await within(dialog).findByRole('button', { name: 'Saving...' });
    expect(saving).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Create Content' })).toBeInTheDocument();
    finish({ data: null, error: null });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the dialog open with everything typed when saving fails: 'Error saving content', 'Please try again'", async () => {
    const failure = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    contentHub.onWrite = () => ({ data: null, error: { message: 'TypeError: Failed to fetch' } });
    renderHub();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Content' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Unsaved title');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Excerpt' }), 'Unsaved excerpt');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Content' }), 'Long body');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tags' }), 'a, b');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'SEO Title' }), 'Seo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Content' }));

    await waitFor(() => expect(failure).toHaveBeenCalledWith('Error saving content', { description: 'Please try again' }));
    expect(screen.getByRole('dialog', { name: 'Create Content' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Unsaved title');
    expect(within(dialog).getByRole('textbox', { name: 'Excerpt' })).toHaveValue('Unsaved excerpt');
    expect(within(dialog).getByRole('textbox', { name: 'Content' })).toHaveValue('Long body');
    expect(within(dialog).getByRole('textbox', { name: 'Tags' })).toHaveValue('a, b');
    expect(within(dialog).getByRole('textbox', { name: 'SEO Title' })).toHaveValue('Seo');
    expect(within(dialog).getByRole('button', { name: 'Save Content' })).toBeEnabled();
  });

  it('requires a title and a valid image URL before sending anything', async () => {
    renderHub();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Content' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Featured Image URL' }), 'example.com/a.png');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Content' }));
    const alerts = within(dialog).getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual(['Title is required', 'Enter a valid URL starting with http:// or https://']);
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveFocus());
    expect(writeCall('insert')).toBeUndefined();
  });

  it('counts SEO title characters against the recommended 60 and says so in words past it', async () => {
    renderHub();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Content' });
    const seoTitle = within(dialog).getByRole('textbox', { name: 'SEO Title' });
    expect(seoTitle).toHaveAccessibleDescription('0/60 characters recommended');
    await userEvent.type(seoTitle, 'x'.repeat(61));
    expect(seoTitle).toHaveAccessibleDescription('61/60 characters recommended Longer than recommended: search results may cut it off.');
    // Announced once as it appears; the SEO description's region stays silent.
    expect(within(dialog).getAllByRole('status').map((region) => region.textContent)).toEqual(['Longer than recommended: search results may cut it off.', '']);
    await userEvent.type(seoTitle, '{Backspace}');
    expect(seoTitle).toHaveAccessibleDescription('60/60 characters recommended');
  });

  it('refuses a tag longer than 50 characters next to the field, sending nothing', async () => {
    renderHub();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Content' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Tagged');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tags' }), `seo, ${'y'.repeat(51)}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Content' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Keep each tag to 50 characters or fewer');
    expect(writeCall('insert')).toBeUndefined();
  });

  it('edits an item: its values (tags as text), an update by id, the toast', async () => {
    const success = vi.spyOn(toast, 'success');
    renderHub();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Launch post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Content' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Launch post');
    expect(within(dialog).getByRole('textbox', { name: 'Tags' })).toHaveValue('seo, launch');
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('In Review');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Tags' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tags' }), 'seo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Content' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Content updated successfully!'));
    expect(writeCall('update')).toMatchObject({ filters: [['id', 'c1']], returning: 'id', values: { title: 'Launch post', tags: ['seo'], status: 'review' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('gives focus back to the Edit button it was opened from, after Escape and after a save', async () => {
    renderHub();
    const editButton = await screen.findByRole('button', { name: 'Edit Launch post' });
    await userEvent.click(editButton);
    await screen.findByRole('dialog', { name: 'Edit Content' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(editButton).toHaveFocus());
    await userEvent.click(editButton);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save Content' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(editButton).toHaveFocus());
  });

  it('a member removed meanwhile hears they lost access, not that the item is gone (issue 25)', async () => {
    const failure = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // Row-level security hides the row from a removed member: the update changes nothing, as for a deleted row.
    contentHub.onWrite = (call) => (call.operation === 'update' ? { data: [], error: null } : undefined);
    renderHub();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Launch post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Content' });
    contentHub.workspaces = [{ id: 'org-2', name: 'Own Works' }];
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Content' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Error saving content', { description: 'You no longer have access to Analytical Engines.' }));
    expect(failure).not.toHaveBeenCalledWith('Error saving content', { description: 'This content item no longer exists.' });
  });

  it('says so when the item was deleted meanwhile, and reloads the list', async () => {
    const failure = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    contentHub.onWrite = (call) => (call.operation === 'update' ? { data: [], error: null } : undefined);
    renderHub();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Launch post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Content' });
    contentHub.rows = [];
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Content' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Error saving content', { description: 'This content item no longer exists.' }));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });
});

describe('deleting', () => {
  it('asks first, in an alert dialog; Cancel deletes nothing', async () => {
    renderHub();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Launch post' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure you want to delete this content item?' });
    expect(confirm).toHaveTextContent('Launch post');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(writeCall('delete')).toBeUndefined();
  });

  it("deletes by id on confirmation: 'Content item deleted successfully!' and the list reloads", async () => {
    const success = vi.spyOn(toast, 'success');
    renderHub();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Launch post' }));
    const confirm = await screen.findByRole('alertdialog');
    contentHub.rows = [];
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Content item deleted successfully!'));
    expect(writeCall('delete')).toMatchObject({ filters: [['id', 'c1']], returning: 'id' });
    expect(await screen.findByRole('heading', { name: 'No content items yet' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("moves focus to the list's heading once the deleted row's button is gone; Cancel returns it to that button", async () => {
    renderHub();
    const deleteButton = await screen.findByRole('button', { name: 'Delete Launch post' });
    await userEvent.click(deleteButton);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(deleteButton).toHaveFocus());
    await userEvent.click(deleteButton);
    contentHub.rows = [];
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Content Items' })).toHaveFocus());
    await screen.findByRole('heading', { name: 'No content items yet' });
    expect(screen.getByRole('heading', { name: 'Content Items' })).toHaveFocus();
  });

  it('says so when the item was already deleted (nothing deleted), and reloads the list', async () => {
    const success = vi.spyOn(toast, 'success');
    const failure = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    contentHub.onWrite = (call) => (call.operation === 'delete' ? { data: [], error: null } : undefined);
    renderHub();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Launch post' }));
    contentHub.rows = [];
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Error deleting content item', { description: 'This content item no longer exists.' }));
    expect(success).not.toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'No content items yet' })).toBeInTheDocument();
    expect(listCalls()).toHaveLength(2);
  });

  it("shows the destructive 'Error deleting content item' toast when it fails, keeping the row", async () => {
    const failure = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    contentHub.onWrite = () => ({ data: null, error: { message: 'permission denied' } });
    renderHub();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Launch post' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Error deleting content item', { description: 'Please try again' }));
    expect(screen.getByText('Launch post')).toBeInTheDocument();
  });
});

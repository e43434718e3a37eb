import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contentCopy } from '@/config/content-copy';
import { contentHub, fake, item, renderHub, resetContentHub, writeCall } from '@/features/content/testing/content-hub-fixture';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

beforeEach(() => {
  resetContentHub();
  contentHub.rows = [
    item({ id: 'c1', title: 'Launch post', status: 'review' }),
    item({ id: 'c2', title: 'Shipped story', status: 'published' }),
    item({ id: 'c3', title: 'Old whitepaper', status: 'archived' }),
  ];
});

async function openSchedule() {
  const user = userEvent.setup();
  renderHub();
  await screen.findByText('Launch post');
  await user.click(await screen.findByRole('button', { name: 'Schedule Publishing' }));
  // The dialog's code loads when it opens (issue 33): it shows "loading" until its choices are in, then the form.
  await screen.findByRole('dialog', { name: 'Schedule Publishing' });
  await waitFor(() => expect(screen.queryByText(contentCopy.schedule.loading)).toBeNull());
  return { user, dialog: screen.getByRole('dialog', { name: 'Schedule Publishing' }) };
}

describe('Schedule Publishing', () => {
  it('offers the items not yet published, and saves the chosen moment as the item’s planned publish time', async () => {
    const success = vi.spyOn(toast, 'success');
    const { user, dialog } = await openSchedule();
    const picker = within(dialog).getByRole('combobox', { name: 'Content item' });
    expect(picker).toHaveTextContent('Launch post');
    await user.click(picker);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Choose a content item', 'Launch post']);
    // Its own request (every draft and item in review, by title), not the list's loaded pages.
    expect(fake.calls.find((call) => call.columns === 'id, title, planned_publish_at')).toMatchObject({ filters: [['organization_id', 'org-1'], ['status', 'in.(draft,review)']], order: [['title', true], ['id', true]], limit: 500 });
    await user.keyboard('{Escape}');

    await user.type(within(dialog).getByLabelText('Publish date and time'), '2099-12-01T10:30');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Schedule Publishing' })).toBeNull());
    expect(writeCall('update')).toMatchObject({ values: { planned_publish_at: new Date(2099, 11, 1, 10, 30).toISOString(), publish_on_schedule: true }, filters: [['id', 'c1']] });
    expect(success).toHaveBeenCalledWith('Content scheduled');
  });

  it('says what is missing by its field and saves nothing', async () => {
    const { user, dialog } = await openSchedule();
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(within(dialog).getByLabelText('Publish date and time')).toHaveAccessibleDescription('Enter a date and time between 2000 and 2099');
    expect(writeCall('update')).toBeUndefined();
  });

  it('refuses a moment before this minute (it would publish at once), by its field', async () => {
    const { user, dialog } = await openSchedule();
    await user.type(within(dialog).getByLabelText('Publish date and time'), '2001-01-01T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(within(dialog).getByLabelText('Publish date and time')).toHaveAccessibleDescription(
      'Choose a moment from now on: a moment in the past would publish it at once.',
    );
    expect(writeCall('update')).toBeUndefined();
  });

  it('keeps the dialog open with the chosen moment when saving fails, and says so', async () => {
    contentHub.onWrite = () => ({ data: null, error: { message: 'connection refused' } });
    const error = vi.spyOn(toast, 'error');
    const { user, dialog } = await openSchedule();
    await user.type(within(dialog).getByLabelText('Publish date and time'), '2099-12-01T10:30');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Error moving content', expect.anything()));
    expect(screen.getByRole('dialog', { name: 'Schedule Publishing' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Publish date and time')).toHaveValue('2099-12-01T10:30');
    expect(fake.calls.filter((call) => call.operation === 'update')).toHaveLength(1);
  });

  it('says when its choices cannot be loaded, and tries again', async () => {
    let fails = true;
    contentHub.onChoices = () => (fails ? { data: null, error: { message: 'Failed to fetch' } } : undefined);
    const { user, dialog } = await openSchedule();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The content items could not be loaded.');
    expect(within(dialog).queryByRole('button', { name: 'Schedule' })).toBeNull();
    fails = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('combobox', { name: 'Content item' })).toHaveTextContent('Launch post');
  });
});

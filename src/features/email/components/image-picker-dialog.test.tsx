import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@/components/ui/sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CampaignsPanel } from '@/features/email/components/campaigns-panel';
import { AuthProvider } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, workspaceRows, type FakeResult, type FakeSupabase, type QueryCall } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

// The fake client with a Storage stand-in: the picker signs thumbnails, the chosen image is copied for e-mail.
const storage = vi.hoisted(() => ({ copy: vi.fn(), createSignedUrls: vi.fn(), getPublicUrl: vi.fn() }));
vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake, storage: { from: (bucket: string) => ({ bucket, ...storage }) } }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
const ASSET_ID = '5b1d7a2e-8c3f-4e1a-9d6b-2f4e8a1c3b5d';
const draft = {
  id: 'c-draft', name: 'Spring draft', subject: 'Hello spring', preheader: '', status: 'draft', list_ids: ['l-news'], template_id: null,
  blocks: [{ type: 'image', src: 'https://example.com/old.png', alt: '' }],
  scheduled_at: null, started_at: null, finished_at: null, paused_reason: null, recipients_total: null, sent_count: 0, failed_count: 0, unconfirmed_count: 0, created_at: '2026-01-01T00:00:00Z',
};
const approved = (id: string, name: string, variantsState: string) => ({
  id, name, kind: 'image', version_id: `v-${id}`, width: 1200, height: 600, tags: [], variants_state: variantsState,
  thumbnail_path: `acme/${id}/v-${id}/variants/thumb.webp`, preview_path: variantsState === 'ready' ? `acme/${id}/v-${id}/variants/w1280.webp` : null,
});

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'email_campaigns' && call.operation === 'select') return { data: [draft], error: null };
  if (call.table === 'email_lists' && call.operation === 'select') return { data: [], error: null };
  if (call.table === 'rpc:list_assets') return { data: [approved(ASSET_ID, 'spring_hero-shot.png', 'ready'), approved('a-pending', 'still-making.png', 'pending')], error: null };
  if (call.table.startsWith('rpc:')) return { data: [], error: null };
  return workspaceRows(call, [{ id: 'acme', name: 'Acme', role: 'member' }]);
}

const renderPanel = () => renderRoutes([{ path: '/', element: <AuthProvider><CampaignsPanel workerAlive /><Toaster /></AuthProvider> }], '/');

async function openPicker() {
  const user = userEvent.setup();
  renderPanel();
  await user.click(await screen.findByRole('button', { name: 'Edit: Spring draft' }));
  const editor = await screen.findByRole('dialog', { name: 'Edit Campaign' });
  within(editor).getByRole('button', { name: 'Image 1: Choose from the Creative Studio' }).focus();
  await user.keyboard('{Enter}');
  const picker = await screen.findByRole('dialog', { name: 'Choose an Approved Asset' });
  return { user, editor, picker };
}

beforeEach(() => {
  fake.reset();
  localStorage.clear();
  storage.copy.mockReset().mockResolvedValue({ data: { path: 'copied' }, error: null });
  storage.createSignedUrls.mockReset().mockResolvedValue({ data: [], error: null });
  storage.getPublicUrl.mockReset().mockImplementation((path: string) => ({ data: { publicUrl: `https://project.example/storage/v1/object/public/email-images/${path}` } }));
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

describe('Image from the Creative Studio', () => {
  it('offers the workspace’s approved images, is operated with the keyboard, and puts the published copy’s public address in the block', async () => {
    const { user, editor, picker } = await openPicker();
    expect(fake.calls.find((call) => call.table === 'rpc:list_assets')?.values).toMatchObject({ workspace_id: 'acme', kinds: ['image'], statuses: ['approved'] });
    // An image whose web-sized variant is not made yet is shown, not offered.
    expect(await within(picker).findByRole('radio', { name: /still-making\.png/ })).toBeDisabled();

    within(picker).getByRole('radio', { name: /spring_hero-shot\.png/ }).focus();
    await user.keyboard(' ');
    expect(within(picker).getByRole('radio', { name: /spring_hero-shot\.png/ })).toBeChecked();
    within(picker).getByRole('button', { name: 'Use This Asset' }).focus();
    await user.keyboard('{Enter}');

    const address = within(editor).getByLabelText<HTMLInputElement>('Image 1: Image address');
    await vi.waitFor(() => expect(address.value).toMatch(/^https:\/\/project\.example\/storage\/v1\/object\/public\/email-images\/acme\/[0-9a-f-]{36}\.webp$/));
    expect(storage.copy).toHaveBeenCalledTimes(1);
    const [from, to, options] = storage.copy.mock.calls[0]!;
    expect(from).toBe(`acme/${ASSET_ID}/v-${ASSET_ID}/variants/w1280.webp`);
    expect(address).toHaveValue(`https://project.example/storage/v1/object/public/email-images/${to}`);
    expect(options).toEqual({ destinationBucket: 'email-images' });
    expect(within(editor).getByLabelText('Image 1: Alternative text')).toHaveValue('spring hero shot');
    expect(screen.queryByRole('dialog', { name: 'Choose an Approved Asset' })).not.toBeInTheDocument();
  });

  it('a copy refused by Storage is said in a toast and leaves the block as it was', async () => {
    storage.copy.mockResolvedValue({ data: null, error: { message: 'new row violates row-level security policy' } });
    const { user, editor, picker } = await openPicker();
    await user.click(await within(picker).findByRole('radio', { name: /spring_hero-shot\.png/ }));
    await user.click(within(picker).getByRole('button', { name: 'Use This Asset' }));
    expect(await screen.findByText('Could not publish the image')).toBeInTheDocument();
    expect(within(editor).getByLabelText('Image 1: Image address')).toHaveValue('https://example.com/old.png');
  });

  it('Cancel closes the picker without copying anything', async () => {
    const { user, editor, picker } = await openPicker();
    await user.click(within(picker).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Choose an Approved Asset' })).not.toBeInTheDocument();
    expect(storage.copy).not.toHaveBeenCalled();
    expect(within(editor).getByLabelText('Image 1: Image address')).toHaveValue('https://example.com/old.png');
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BlogSettingsCard } from '@/features/blog/components/blog-settings-card';
import { supabase } from '@/lib/supabase';
import type { FakeResult, FakeSupabase, QueryCall } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
let stored: { slug: string }[];
let refuseWrite: FakeResult['error'];

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table !== 'workspace_blogs') return undefined;
  if (call.operation === 'select') return { data: stored, error: null };
  if (refuseWrite) return { data: null, error: refuseWrite };
  const { slug } = call.values as { slug: string };
  stored = [{ slug }];
  return { data: stored, error: null };
}

const renderCard = (isOwner: boolean) =>
  renderRoutes([{ path: '/marketing/content', element: <BlogSettingsCard workspaceId="acme" isOwner={isOwner} /> }], '/marketing/content');

beforeEach(() => {
  fake.reset();
  fake.respondWith(respond);
  stored = [];
  refuseWrite = null;
});

describe('BlogSettingsCard', () => {
  it('lets an owner open the blog, checking the address first and showing the database’s refusal by the field', async () => {
    renderCard(true);
    expect(await screen.findByText('This workspace has no public blog yet.')).toBeInTheDocument();
    const field = screen.getByLabelText('Blog address');
    await userEvent.type(field, 'admin');
    await userEvent.click(screen.getByRole('button', { name: 'Open the blog' }));
    expect(screen.getByText('This address is reserved: choose another.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(fake.calls.filter((call) => call.operation === 'insert')).toHaveLength(0);

    refuseWrite = { code: '23505', message: 'duplicate key value violates unique constraint "workspace_blogs_slug_key"' };
    await userEvent.clear(field);
    await userEvent.type(field, 'Northwind');
    await userEvent.click(screen.getByRole('button', { name: 'Open the blog' }));
    expect(await screen.findByText('Another workspace has this address: choose another.')).toBeInTheDocument();
    expect(fake.calls.find((call) => call.operation === 'insert')?.values).toEqual({ organization_id: 'acme', slug: 'northwind' });

    refuseWrite = null;
    await userEvent.click(screen.getByRole('button', { name: 'Open the blog' }));
    expect(await screen.findByRole('link', { name: /\/blog\/northwind/ })).toHaveAttribute('href', `${window.location.origin}/blog/northwind`);
  });

  it('asks before moving the blog (old links stop working) and offers to close it', async () => {
    stored = [{ slug: 'northwind' }];
    renderCard(true);
    const field = await screen.findByLabelText('Blog address');
    expect(field).toHaveValue('northwind');
    await userEvent.clear(field);
    await userEvent.type(field, 'northwind-news');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByRole('alertdialog', { name: 'Move the blog to a new address?' })).toBeInTheDocument();
    expect(fake.calls.filter((call) => call.operation === 'update')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Move the blog' }));
    expect(await screen.findByRole('link', { name: /\/blog\/northwind-news/ })).toBeInTheDocument();
    expect(fake.calls.find((call) => call.operation === 'update')?.values).toEqual({ slug: 'northwind-news' });
    expect(screen.getByRole('button', { name: 'Close the blog' })).toBeInTheDocument();
  });

  it('shows others the address without a form', async () => {
    stored = [{ slug: 'northwind' }];
    renderCard(false);
    expect(await screen.findByRole('link', { name: /\/blog\/northwind/ })).toBeInTheDocument();
    expect(screen.getByText('Only an owner of the workspace can choose or change the blog’s address.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Blog address')).toBeNull();
  });

  it('says when the settings cannot be loaded, with a retry', async () => {
    fake.respondWith(() => ({ data: null, error: { message: 'Failed to fetch' } }));
    renderCard(true);
    expect(await screen.findByRole('alert')).toHaveTextContent('The blog’s settings could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

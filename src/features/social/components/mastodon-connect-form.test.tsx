import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MastodonConnectForm } from '@/features/social/components/mastodon-connect-form';
import { supabase } from '@/lib/supabase';
import type { FakeResult, FakeSupabase, QueryCall } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
let start: FakeResult;
let statuses: { status: string; authorize_url: string | null; message: string | null }[];

const connection = (extra: object) => ({ id: 'conn-1', organization_id: 'acme', created_by: 'user-1', instance_origin: 'https://mastodon.example', redirect_uri: 'x', status: 'registering', authorize_url: null, account_id: null, message: null, expires_at: '2099-01-01T00:00:00Z', created_at: '2026-01-01T00:00:00Z', ...extra });

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'rpc:start_mastodon_connection') return start;
  if (call.table === 'mastodon_connections') return { data: connection(statuses.length > 1 ? statuses.shift()! : statuses[0]!), error: null };
  return undefined;
}

beforeEach(() => {
  fake.reset();
  sessionStorage.clear();
  start = { data: connection({}), error: null };
  statuses = [{ status: 'registering', authorize_url: null, message: null }, { status: 'authorizing', authorize_url: 'https://mastodon.example/oauth/authorize?client_id=c&state=s', message: null }];
  fake.respondWith(respond);
});

const renderForm = (goTo: (url: string) => void) =>
  renderRoutes([{ path: '/', element: <MastodonConnectForm workspaceId="acme" onCancel={() => undefined} onUseToken={() => undefined} goTo={goTo} /> }]);

describe('the connect dialog’s Mastodon part', () => {
  it('starts the connection for the instance, waits for the authorize URL and goes there, remembering the workspace', async () => {
    const user = userEvent.setup();
    const goTo = vi.fn();
    renderForm(goTo);
    await user.type(screen.getByLabelText('Your Mastodon server'), 'mastodon.example');
    await user.click(screen.getByRole('button', { name: 'Continue on your server' }));
    expect(await screen.findByText('Preparing the sign-in…')).toBeInTheDocument();
    await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith('https://mastodon.example/oauth/authorize?client_id=c&state=s'), { timeout: 4_000 });
    const call = fake.calls.find((candidate) => candidate.table === 'rpc:start_mastodon_connection')!;
    expect(call.values).toEqual({ workspace_id: 'acme', instance: 'mastodon.example', redirect_uri: `${window.location.origin}/marketing/social/connect/mastodon` });
    expect(sessionStorage.getItem('beyond:mastodon-connect-workspace')).toBe('acme');
  });

  it('shows the database’s refusal by the field', async () => {
    const user = userEvent.setup();
    start = { data: null, error: { message: 'The URL points at localhost, a private, loopback, link-local or reserved address: this server does not send there.', code: 'P0001', details: 'url_private_address' } as never };
    renderForm(vi.fn());
    await user.type(screen.getByLabelText('Your Mastodon server'), 'localhost');
    await user.click(screen.getByRole('button', { name: 'Continue on your server' }));
    expect(await screen.findByText(/a private, loopback, link-local or reserved address/)).toBeInTheDocument();
    expect(screen.getByLabelText('Your Mastodon server')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the job’s message when the instance could not register the app, and lets the member try again', async () => {
    const user = userEvent.setup();
    statuses = [{ status: 'failed', authorize_url: null, message: 'Could not reach https://mastodon.example (the connection timed out).' }];
    const goTo = vi.fn();
    renderForm(goTo);
    await user.type(screen.getByLabelText('Your Mastodon server'), 'mastodon.example');
    await user.click(screen.getByRole('button', { name: 'Continue on your server' }));
    expect(await screen.findByText('Could not reach https://mastodon.example (the connection timed out).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue on your server' })).toBeEnabled();
    expect(goTo).not.toHaveBeenCalled();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WebhooksPage } from '@/features/webhooks/components/webhooks-page';
import { AuthProvider } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, workspaceRows, type FakeResult, type FakeSupabase, type QueryCall } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

// Radix's checkbox and switch measure themselves; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
let myRole: string;
let endpoints: unknown[];
let deliveries: unknown[];
let create: (values: unknown) => FakeResult;

const endpoint = { id: 'e1', organization_id: 'acme', url_origin: 'https://hooks.zapier.com', description: 'Zapier to WordPress', events: ['content.published'], enabled: true, created_by: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
const retrying = {
  id: 'd1', organization_id: 'acme', endpoint_id: 'e1', event_id: 'msg_1', event_type: 'content.published', status: 'pending', attempts: 2,
  next_attempt_at: '2099-01-01T00:00:00Z', locked_until: null, last_attempt_at: null, response_status: 503, duration_ms: 41,
  error: 'The endpoint answered 503 (a server error).', succeeded_at: null, created_at: '2026-01-02T00:00:00Z',
};

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', first_name: 'Me' }, error: null };
  if (call.table === 'webhook_endpoints' && call.operation === 'select') return { data: endpoints, error: null };
  if (call.table === 'webhook_endpoints' && call.operation === 'delete') return { data: [{ id: 'e1' }], error: null };
  if (call.table === 'webhook_deliveries') return { data: deliveries, error: null };
  if (call.table === 'rpc:create_webhook_endpoint') return create(call.values);
  if (call.table === 'rpc:reveal_webhook_endpoint') return { data: [{ url: 'https://hooks.zapier.com/hooks/catch/1/abc/', secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0', previous_secret_expires_at: null }], error: null };
  return workspaceRows(call, [{ id: 'acme', name: 'Acme', role: myRole }]);
}

const renderPage = () => renderRoutes([{ path: '/team/webhooks', element: <AuthProvider><WebhooksPage /></AuthProvider> }], '/team/webhooks');

beforeEach(() => {
  fake.reset();
  localStorage.clear();
  endpoints = [];
  deliveries = [];
  create = () => ({ data: { ...endpoint, id: 'e2' }, error: null });
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

describe('/team/webhooks', () => {
  it('lets an admin add an endpoint: field errors first, the server’s refusal by the URL field, then the secret', async () => {
    myRole = 'admin';
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('No endpoints yet')).toBeInTheDocument();
    expect(screen.getByText('No deliveries yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an endpoint' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Endpoint' }));
    expect(within(dialog).getByText('Enter the endpoint’s URL.')).toBeInTheDocument();
    expect(fake.calls.some((call) => call.table === 'rpc:create_webhook_endpoint')).toBe(false);

    create = () => ({ data: null, error: { message: 'The URL points at 127.0.0.1, a private, loopback, link-local or reserved address: this server does not send there.', code: 'P0001', details: 'url_private_address' } });
    await user.click(within(dialog).getByLabelText('URL'));
    await user.paste('http://127.0.0.1/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Save Endpoint' }));
    const url = within(dialog).getByLabelText('URL');
    expect(await within(dialog).findByText(/points at 127\.0\.0\.1/)).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveValue('http://127.0.0.1/hook');

    create = () => ({ data: { ...endpoint, id: 'e2' }, error: null });
    await user.clear(url);
    await user.paste('https://hooks.zapier.com/hooks/catch/1/abc/');
    await user.click(within(dialog).getByRole('checkbox', { name: 'content.unpublished' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Endpoint' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(await within(secret).findByDisplayValue('whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0')).toBeInTheDocument();
    const sent = fake.calls.filter((call) => call.table === 'rpc:create_webhook_endpoint').at(-1)!.values;
    expect(sent).toEqual({ workspace_id: 'acme', url: 'https://hooks.zapier.com/hooks/catch/1/abc/', description: '', events: ['content.published', 'content.unpublished'], enabled: true });
  });

  it('asks before deleting an endpoint', async () => {
    myRole = 'owner';
    endpoints = [endpoint];
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete the endpoint at https://hooks.zapier.com' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete the endpoint at https://hooks.zapier.com?' });
    expect(fake.calls.some((call) => call.operation === 'delete')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete Endpoint' }));
    await vi.waitFor(() => expect(fake.calls.find((call) => call.operation === 'delete')?.filters).toEqual([['id', 'e1']]));
  });

  it('shows a viewer where events go and how deliveries went, with nothing to change', async () => {
    myRole = 'viewer';
    endpoints = [endpoint];
    deliveries = [retrying];
    renderPage();
    expect(await screen.findByText('Zapier to WordPress')).toBeInTheDocument();
    expect(screen.getByText(/Admins and owners add and change endpoints/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add Endpoint|Edit|Delete|Signing secret|Send this/ })).toBeNull();
    const log = (await screen.findByText('Retrying')).closest('li') as HTMLElement;
    expect(within(log).getByText('The endpoint answered 503 (a server error).')).toBeInTheDocument();
    expect(within(log).getByText(/503 · 41 ms · Attempts: 2 · Next attempt in/)).toBeInTheDocument();
    expect(within(log).getByText(/https:\/\/hooks\.zapier\.com/)).toBeInTheDocument();
    expect(fake.calls.some((call) => call.table === 'rpc:reveal_webhook_endpoint')).toBe(false);
  });

  it('says so when the endpoints cannot be read, with a retry', async () => {
    myRole = 'admin';
    fake.respondWith((call) => (call.table === 'webhook_endpoints' ? { data: null, error: { message: 'boom' } } : respond(call)));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The endpoints could not be loaded.');
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TeamPage } from '@/features/team/components/team-page';
import { AuthProvider } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, workspaceRows, type FakeResult, type FakeSupabase, type QueryCall } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
let myRole: string;
let zoneAnswer: FakeResult;

const person = (id: string, first: string, role: string) => ({
  user_id: id, first_name: first, last_name: 'Test', email: `${first.toLowerCase()}@x.io`, marketing_role: 'seo_sem_specialist',
  last_active: null, access_role: role, joined_at: '2026-01-01T00:00:00Z',
});

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', first_name: 'Me' }, error: null };
  if (call.table === 'rpc:workspace_members') {
    return { data: [person('owner-2', 'Olive', 'owner'), person('user-1', 'Me', myRole), person('m', 'Mia', 'member'), person('v', 'Vic', 'viewer')], error: null };
  }
  if (call.table === 'workspace_invitations') {
    return { data: [{ id: 'i1', email: 'new@x.io', role: 'member', expires_at: '2099-01-01T00:00:00Z', last_sent_at: null, created_at: '' }], error: null };
  }
  if (call.table === 'rpc:set_workspace_time_zone') return zoneAnswer;
  if (call.table === 'rpc:invite_to_workspace') return { data: { invitation_id: 'i2', token: 'tok_EN-123', email_queued: false, expires_at: '' }, error: null };
  return workspaceRows(call, [{ id: 'acme', name: 'Acme', role: myRole, timeZone: 'Europe/Paris' }]);
}

const renderTeam = () => renderRoutes([{ path: '/team', element: <AuthProvider><TeamPage /></AuthProvider> }], '/team');
const memberItem = async (name: string) => (await screen.findByText(name)).closest('li') as HTMLElement;

beforeEach(() => {
  fake.reset();
  localStorage.clear();
  zoneAnswer = { data: { id: 'acme', time_zone: 'Asia/Tokyo' }, error: null };
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

describe('/team', () => {
  it('gives an admin role changes and removal for non-owners only, invitations, and no delete', async () => {
    myRole = 'admin';
    renderTeam();
    const olive = await memberItem('Olive Test');
    expect(within(olive).queryByRole('combobox')).toBeNull();
    expect(within(olive).queryByRole('button', { name: /Remove/ })).toBeNull();
    const mia = await memberItem('Mia Test');
    expect(within(mia).getByRole('combobox', { name: 'Access role of Mia Test' })).toHaveTextContent('Member');
    expect(within(mia).getByRole('button', { name: 'Remove Mia Test' })).toBeInTheDocument();
    const me = await memberItem('Me Test');
    expect(within(me).getByText('(you)')).toBeInTheDocument();
    expect(within(me).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(await screen.findByText('new@x.io')).toBeInTheDocument();
    expect(fake.calls.find((call) => call.table === 'workspace_invitations')?.filters).toEqual([
      ['organization_id', 'acme'],
      ['accepted_at', 'is.null'],
      ['revoked_at', 'is.null'],
    ]);
    expect(screen.getByRole('button', { name: 'Invite People' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Workspace' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Workspace name' })).toHaveValue('Acme');
  });

  it('shows a viewer the team read-only: names, e-mail, roles, nothing to change but leaving', async () => {
    myRole = 'viewer';
    renderTeam();
    const mia = await memberItem('Mia Test');
    expect(mia).toHaveTextContent('mia@x.io');
    expect(mia).toHaveTextContent('SEO/SEM Specialist');
    expect(mia).toHaveTextContent('Never');
    expect(screen.getByText(/you see it read-only/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Invite|Remove|Rename|Delete/ })).toBeNull();
    expect(screen.queryByText('Pending invitations')).toBeNull();
    expect(fake.calls.some((call) => call.table === 'workspace_invitations')).toBe(false);
    expect(screen.getByRole('button', { name: 'Leave Workspace' })).toBeEnabled();
  });

  it('asks before changing a role, and lets the only owner neither leave nor be removed', async () => {
    myRole = 'owner';
    fake.respondWith((call) =>
      call.table === 'rpc:workspace_members' ? { data: [person('user-1', 'Me', 'owner'), person('m', 'Mia', 'member')], error: null } : respond(call),
    );
    renderTeam();
    const mia = await memberItem('Mia Test');
    await userEvent.click(within(mia).getByRole('combobox', { name: 'Access role of Mia Test' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Admin' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Change the access role of Mia Test to admin?' });
    expect(fake.calls.some((call) => call.table === 'rpc:change_member_role')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Change Role' }));
    expect(fake.calls.find((call) => call.table === 'rpc:change_member_role')?.values).toEqual({ workspace_id: 'acme', user_id: 'm', access_role: 'admin' });
    expect(screen.getByRole('button', { name: 'Leave Workspace' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Workspace' })).toBeInTheDocument();
  });

  it('invites, then shows the link to copy and says when no e-mail was sent (hosted Supabase)', async () => {
    myRole = 'owner';
    renderTeam();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite People' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a colleague' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(within(dialog).getByText('Enter the e-mail address of the person to invite.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'New.Person@X.io');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    const created = await screen.findByRole('dialog', { name: 'Invitation created' });
    expect(created).toHaveTextContent('E-mail is not sent from this installation: copy the link and send it to new.person@x.io yourself.');
    expect(within(created).getByRole('textbox', { name: 'Invitation link' })).toHaveValue(`${window.location.origin}/invite/tok_EN-123`);
    expect(fake.calls.find((call) => call.table === 'rpc:invite_to_workspace')?.values).toEqual({ workspace_id: 'acme', email: 'New.Person@X.io', access_role: 'member' });
  });

  it('lets an admin set the workspace’s time zone, and says by the field when the database refuses one', async () => {
    myRole = 'admin';
    const user = userEvent.setup();
    renderTeam();
    const field = await screen.findByRole('combobox', { name: /^Time zone/ });
    expect(field).toHaveValue('Europe/Paris');
    await user.clear(field);
    await user.type(field, 'Asia/Tokyo');
    // Once focused, the field suggests the zones this browser knows.
    expect(document.getElementById(field.getAttribute('list')!)?.querySelector('option[value="Asia/Tokyo"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save Time Zone' }));
    expect(fake.calls.find((call) => call.table === 'rpc:set_workspace_time_zone')?.values).toEqual({ workspace_id: 'acme', time_zone: 'Asia/Tokyo' });

    zoneAnswer = { data: null, error: { message: '“Mars/Base” is not a time zone: choose one of the list, such as Europe/Berlin or America/New_York.', code: 'P0001', details: 'time_zone_unknown' } as never };
    await user.clear(field);
    await user.type(field, 'Mars/Base');
    await user.click(screen.getByRole('button', { name: 'Save Time Zone' }));
    expect(await screen.findByText(/“Mars\/Base” is not a time zone/, { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(field).toHaveValue('Mars/Base');
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a viewer the workspace’s time zone, read-only', async () => {
    myRole = 'viewer';
    renderTeam();
    expect(await screen.findByText('The workspace works in Europe/Paris. Admins and owners change it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Time Zone' })).toBeNull();
  });
});

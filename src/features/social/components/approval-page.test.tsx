import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApprovalPage } from '@/features/social/components/approval-page';
import { supabase } from '@/lib/supabase';
import type { FakeResult, FakeSupabase, QueryCall } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
let approval: FakeResult;
let decision: FakeResult;

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'rpc:get_social_approval') return approval;
  if (call.table === 'rpc:decide_social_approval') return decision;
  return undefined;
}

const pending = { status: 'pending', scheduled_at: '2099-01-01T09:00:00Z', expires_at: '2099-01-08T09:00:00Z', variants: [{ network: 'bluesky', account: 'agency.bsky.social', body: 'Launch day 🚀' }, { network: 'mastodon', account: 'agency', body: 'Launch day, longer' }] };
const renderPage = () => renderRoutes([{ path: '/approve/:token', element: <ApprovalPage token="tok_123" /> }], '/approve/tok_123');
const decisions = () => fake.calls.filter((call) => call.table === 'rpc:decide_social_approval');

beforeEach(() => {
  fake.reset();
  approval = { data: [pending], error: null };
  decision = { data: 'approved', error: null };
  fake.respondWith(respond);
});

describe('the reviewer’s approval page', () => {
  it('shows the post’s versions and approves it with the reviewer’s name', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Launch day 🚀')).toBeInTheDocument();
    expect(screen.getByText('bluesky · agency.bsky.social')).toBeInTheDocument();
    expect(screen.getByText('Launch day, longer')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your name (optional)'), 'Pat');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Thank you: the post is approved.')).toBeInTheDocument();
    expect(decisions()[0]!.values).toEqual({ token: 'tok_123', decision: 'approve', reviewer_name: 'Pat' });
  });

  it('asks for a comment before requesting changes, then sends it', async () => {
    const user = userEvent.setup();
    decision = { data: 'changes_requested', error: null };
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Request changes' }));
    expect(screen.getByText('Say which changes you would like.')).toBeInTheDocument();
    expect(decisions()).toHaveLength(0);
    await user.type(screen.getByLabelText('Comment'), 'Shorter please');
    await user.click(screen.getByRole('button', { name: 'Request changes' }));
    expect(await screen.findByText('Thank you: your request for changes was sent.')).toBeInTheDocument();
    expect(decisions()[0]!.values).toEqual({ token: 'tok_123', decision: 'request_changes', comment: 'Shorter please' });
  });

  it('says in words when the link is expired or unknown, showing no post', async () => {
    approval = { data: [{ status: 'expired', scheduled_at: null, expires_at: null, variants: null }], error: null };
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('This approval link has expired.');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('shows the server’s refusal of a decision (e.g. the post changed meanwhile)', async () => {
    const user = userEvent.setup();
    decision = { data: null, error: { message: 'The post has changed since this link was made: ask for a new link.', code: 'P0001', details: 'approval_link_changed' } };
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The post has changed since this link was made: ask for a new link.');
  });
});

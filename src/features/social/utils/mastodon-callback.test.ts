import { describe, expect, it } from 'vitest';
import { mastodonCallbackView } from '@/features/social/utils/mastodon-callback';

const view = (query: string, rest: { workspaceId?: string | null; finishError?: string | null; connection?: { status: string; message: string | null } | null } = {}) =>
  mastodonCallbackView({ params: new URLSearchParams(query), workspaceId: rest.workspaceId === undefined ? 'acme' : rest.workspaceId, finishError: rest.finishError ?? null, connection: rest.connection ?? null });

describe('mastodonCallbackView', () => {
  it('shows a denial with the instance’s reason, whatever else the URL holds', () => {
    expect(view('error=access_denied&error_description=The+resource+owner+denied+the+request.&state=s')).toEqual({ kind: 'denied', reason: 'The resource owner denied the request.' });
    expect(view('error=access_denied&state=s')).toEqual({ kind: 'denied', reason: null });
    expect(view('error=invalid_scope')).toEqual({ kind: 'denied', reason: 'invalid_scope' });
  });

  it('is incomplete without a code or a state', () => {
    expect(view('')).toEqual({ kind: 'incomplete' });
    expect(view('code=c')).toEqual({ kind: 'incomplete' });
    expect(view('state=s')).toEqual({ kind: 'incomplete' });
    // Another browser (or its session ended): it does not know where the connection was started.
    expect(view('code=c&state=s', { workspaceId: null })).toEqual({ kind: 'incomplete' });
  });

  it('shows the RPC’s refusal (expired, used, someone else’s state) in its words', () => {
    expect(view('code=c&state=s', { finishError: 'This sign-in was already used: start connecting again.' })).toEqual({ kind: 'failed', message: 'This sign-in was already used: start connecting again.' });
  });

  it('works while the job exchanges the code, then shows connected or the job’s message', () => {
    expect(view('code=c&state=s')).toEqual({ kind: 'working' });
    expect(view('code=c&state=s', { connection: { status: 'exchanging', message: null } })).toEqual({ kind: 'working' });
    expect(view('code=c&state=s', { connection: { status: 'connected', message: null } })).toEqual({ kind: 'connected' });
    expect(view('code=c&state=s', { connection: { status: 'failed', message: 'Could not reach https://m.example (timed out).' } })).toEqual({ kind: 'failed', message: 'Could not reach https://m.example (timed out).' });
    expect(view('code=c&state=s', { connection: { status: 'failed', message: null } })).toEqual({ kind: 'failed', message: 'The Mastodon server refused the sign-in.' });
  });
});

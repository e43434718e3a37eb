import { describe, expect, it } from 'vitest';
import { changesSavedMessage } from './changes-saved';
import { canEditPost, composerStateFromPost, localFromIso } from './edit-post';

const channel = (account_id: string, status: string, body = 'Launch') => ({ account_id, status, body });
const post = (statuses: string[], extra: Record<string, unknown> = {}) => ({
  body: 'Launch', scheduled_at: null, approval_status: null, social_post_channels: statuses.map((status, index) => channel(`a${index}`, status)), ...extra,
});

describe('canEditPost', () => {
  it('lets a draft, a scheduled post and one awaiting approval change', () => {
    expect(canEditPost(post(['draft']))).toBe(true);
    expect(canEditPost(post(['scheduled', 'scheduled']))).toBe(true);
    expect(canEditPost(post(['awaiting_approval']))).toBe(true);
  });

  it('refuses a post being published, or that went out, failed or is unconfirmed on any account', () => {
    for (const status of ['attempting', 'published', 'failed', 'unconfirmed']) expect(canEditPost(post(['scheduled', status]))).toBe(false);
  });
});

describe('localFromIso', () => {
  it('gives the moment in the browser’s zone as a datetime-local value, back and forth', () => {
    const local = new Date(2099, 4, 1, 9, 5);
    expect(localFromIso(local.toISOString())).toBe('2099-05-01T09:05');
  });

  it('gives an empty field for no moment or nonsense', () => {
    expect(localFromIso(null)).toBe('');
    expect(localFromIso('soon')).toBe('');
  });
});

describe('composerStateFromPost', () => {
  it('prefills the text, the accounts in order, a variant only where an account’s text differs, and the moment', () => {
    const moment = new Date(2099, 0, 2, 17, 30).toISOString();
    expect(composerStateFromPost({
      body: 'Launch', scheduled_at: moment, approval_status: 'approved',
      social_post_channels: [channel('m', 'scheduled', 'Launch, fediverse'), channel('b', 'scheduled')],
    })).toEqual({ body: 'Launch', selected: ['m', 'b'], variants: { m: 'Launch, fediverse' }, scheduleLocal: '2099-01-02T17:30' });
  });

  it('prefills an account’s thread, and only where it has parts', () => {
    const state = composerStateFromPost({
      body: 'Launch', scheduled_at: null, approval_status: null,
      social_post_channels: [{ ...channel('b', 'draft'), parts: ['Part two', 'Part three'] }, { ...channel('m', 'draft'), parts: [] }, channel('w', 'draft')],
    });
    expect(state.parts).toEqual({ b: ['Part two', 'Part three'] });
  });

  it('gives a post without threads no parts at all', () => {
    expect(composerStateFromPost(post(['draft'])).parts).toBeUndefined();
  });

  it('leaves the moment empty for a draft', () => {
    expect(composerStateFromPost(post(['draft'])).scheduleLocal).toBe('');
  });
});

describe('changesSavedMessage', () => {
  it('says an approved post that changed waits for approval again', () => {
    expect(changesSavedMessage('approved', 'awaiting', true)).toBe('Changes saved. The post changed after its approval, so it waits for approval again.');
  });

  it('says a post newly held for approval waits, and one still approved keeps it', () => {
    expect(changesSavedMessage(null, 'awaiting', true)).toBe('Changes saved. The post waits for approval.');
    expect(changesSavedMessage('changes_requested', 'awaiting', true)).toBe('Changes saved. The post waits for approval.');
    expect(changesSavedMessage('awaiting', 'awaiting', true)).toBe('Changes saved. The post waits for approval.');
    expect(changesSavedMessage('approved', 'approved', true)).toBe('Changes saved. The post keeps its approval.');
  });

  it('otherwise says scheduled or draft', () => {
    expect(changesSavedMessage(null, null, true)).toBe('Changes saved. The post is scheduled.');
    expect(changesSavedMessage(null, null, false)).toBe('Changes saved as a draft.');
  });
});

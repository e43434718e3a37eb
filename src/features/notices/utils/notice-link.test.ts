import { describe, expect, it } from 'vitest';
import { noticeLink } from '@/features/notices/utils/notice-link';

describe('noticeLink', () => {
  it.each([
    ['a social account to reconnect leads to the Social Hub', { kind: 'social_reconnect', contact_id: null }, { to: '/marketing/social', label: 'Reconnect in the Social Hub' }],
    ['a workflow’s notice about a contact leads to Automation', { kind: 'automation', contact_id: 'c1' }, { to: '/marketing/automation', label: 'Open the contact’s workflows' }],
    ['a workflow’s notice without a contact leads nowhere', { kind: 'automation', contact_id: null }, null],
    ['an unknown kind leads nowhere', { kind: 'something_new', contact_id: 'c1' }, null],
  ])('%s', (_case, notice, expected) => {
    expect(noticeLink(notice)).toEqual(expected);
  });
});

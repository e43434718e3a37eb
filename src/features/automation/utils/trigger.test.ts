import { describe, expect, it } from 'vitest';
import { triggerOfType } from '@/features/automation/utils/trigger';

describe('triggerOfType', () => {
  it.each([
    ['contact_created', { type: 'contact_created' }],
    ['form_submitted', { type: 'form_submitted' }],
    ['tag_added', { type: 'tag_added', tag: '' }],
    ['tag_removed', { type: 'tag_removed', tag: null }],
    ['score_band_entered', { type: 'score_band_entered', band: 'hot' }],
    ['list_subscribed', { type: 'list_subscribed', list_id: '' }],
    ['email_opened', { type: 'email_opened', campaign_id: null }],
    ['email_clicked', { type: 'email_clicked', campaign_id: null }],
    ['field_changed', { type: 'field_changed', field: 'lifecycle_stage', to: null }],
    ['date_reached', { type: 'date_reached', field: 'created_at', days: 30 }],
  ] as const)('%s starts with its setting blank or at its first choice', (type, expected) => {
    expect(triggerOfType(type)).toEqual(expected);
  });
});

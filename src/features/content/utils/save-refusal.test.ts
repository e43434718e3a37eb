import { describe, expect, it } from 'vitest';
import { scheduleInPastDescription } from '@/features/content/utils/save-refusal';

describe('scheduleInPastDescription', () => {
  it('names a schedule in the past the database refused, and nothing else', () => {
    expect(scheduleInPastDescription({ code: '23514', details: 'schedule_in_past', message: 'A scheduled item cannot…' })).toMatch(/^To publish automatically/);
    expect(scheduleInPastDescription({ code: '23514', details: 'owner_not_member' })).toBeUndefined();
    expect(scheduleInPastDescription(new Error('offline'))).toBeUndefined();
  });
});

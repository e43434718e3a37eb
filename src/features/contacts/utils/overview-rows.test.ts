import { describe, expect, it } from 'vitest';
import { bandRows, contactRow, sampleRows, stageRows } from './overview-rows';

describe('bandRows', () => {
  it('lists the spec’s bands hot first with their ranges, counts and shares', () => {
    expect(bandRows({ hot: 1, warm: 1, cool: 0, cold: 2 })).toEqual([
      { primary: 'Hot contacts', secondary: 'Score 80-100', value: '1', badge: { label: 'Hot', variant: 'red' }, progress: 25 },
      { primary: 'Warm contacts', secondary: 'Score 60-79', value: '1', badge: { label: 'Warm', variant: 'yellow' }, progress: 25 },
      { primary: 'Cool contacts', secondary: 'Score 40-59', value: '0', badge: { label: 'Cool', variant: 'blue' }, progress: 0 },
      { primary: 'Cold contacts', secondary: 'Score 0-39', value: '2', badge: { label: 'Cold', variant: 'grey' }, progress: 50 },
    ]);
  });

  it('shows zero shares for no contact at all', () => {
    expect(bandRows({}).map((row) => row.progress)).toEqual([0, 0, 0, 0]);
  });
});

describe('stageRows', () => {
  it('lists every stage in the funnel’s order with its share', () => {
    const rows = stageRows({ total: 4, stages: { subscriber: 2, lead: 1, marketing_qualified: 0, sales_qualified: 0, customer: 1, churned: 0 } });
    expect(rows.map((row) => [row.primary, row.value, row.progress])).toEqual([
      ['Subscriber', '2', 50], ['Lead', '1', 25], ['Marketing qualified', '0', 0], ['Sales qualified', '0', 0], ['Customer', '1', 25], ['Churned', '0', 0],
    ]);
  });
});

describe('contactRow', () => {
  const contact = { id: 'c1', first_name: 'Dana', last_name: 'Reyes', email: 'dana@x.example', company: 'Northwind', phone: null, lead_score: 80, score_band: 'hot' as const, last_activity_at: null };

  it.each([
    ['hot', 'Hot', 'red'], ['warm', 'Warm', 'yellow'], ['cool', 'Cool', 'blue'], ['cold', 'Cold', 'grey'],
  ] as const)('shows the band the database gave (%s), never one derived from the score here', (band, label, variant) => {
    // A score of 80 with the band the database stored: the badge follows the band.
    expect(contactRow({ ...contact, score_band: band }, 'reach').badge).toEqual({ label, variant });
  });

  it('says how to reach a hot contact, and since when a quiet one was not heard from', () => {
    expect(contactRow(contact, 'reach').secondary).toBe('Northwind · dana@x.example');
    expect(contactRow({ ...contact, phone: '+1 555 0100' }, 'reach').secondary).toBe('Northwind · +1 555 0100');
    expect(contactRow(contact, 'quiet').secondary).toBe('Northwind · no activity yet');
  });
});

describe('sampleRows', () => {
  it('labels each sample lead with the band of its score', () => {
    expect(sampleRows().leads.map((row) => [row.value, row.badge?.label])).toEqual([['92', 'Hot'], ['84', 'Hot'], ['71', 'Warm'], ['55', 'Cool'], ['23', 'Cold']]);
    expect(sampleRows().bands.map((row) => row.value)).toEqual(['124', '318', '476', '205']);
  });
});

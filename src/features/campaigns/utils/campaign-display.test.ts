import { describe, expect, it } from 'vitest';
import { budgetText, campaignStatusBadge, campaignTypeLabel, dayText, descriptionPreview, timelineText } from '@/features/campaigns/utils/campaign-display';

describe('campaignStatusBadge', () => {
  it.each([
    ['active', 'Active', 'green'],
    ['draft', 'Draft', 'grey'],
    ['paused', 'Paused', 'yellow'],
    ['completed', 'Completed', 'blue'],
  ])('%s → %s, %s', (status, label, variant) => {
    expect(campaignStatusBadge(status)).toEqual({ label, variant });
  });

  it('shows an unknown status as it is, neutral', () => {
    expect(campaignStatusBadge('archived')).toEqual({ label: 'archived', variant: 'outline' });
  });
});

describe('descriptionPreview', () => {
  it('keeps up to 40 characters and cuts the rest', () => {
    expect(descriptionPreview('b'.repeat(40))).toBe('b'.repeat(40));
    expect(descriptionPreview('b'.repeat(41))).toBe(`${'b'.repeat(40)}...`);
    expect(descriptionPreview(null)).toBe('');
  });
});

describe('budgetText', () => {
  it("shows money, or 'N/A' without a budget; 0 is a budget", () => {
    expect(budgetText(1500.5, 'en-US')).toBe('$1,500.50');
    expect(budgetText(0, 'en-US')).toBe('$0.00');
    expect(budgetText(null, 'en-US')).toBe('N/A');
  });
});

describe('dayText and timelineText', () => {
  it("shows the start date or 'N/A'", () => {
    expect(dayText('2026-06-01', 'en-US')).toBe('6/1/2026');
    expect(dayText(null, 'en-US')).toBe('N/A');
  });

  it('describes the timeline from whichever dates are set', () => {
    expect(timelineText('2026-06-01', '2026-06-30', 'en-US')).toBe('6/1/2026 – 6/30/2026');
    expect(timelineText('2026-06-01', null, 'en-US')).toBe('From 6/1/2026');
    expect(timelineText(null, '2026-06-30', 'en-US')).toBe('Until 6/30/2026');
    expect(timelineText(null, null, 'en-US')).toBe('N/A');
  });
});

describe('campaignTypeLabel', () => {
  it('labels the known types and keeps anything else', () => {
    expect(campaignTypeLabel('advertising')).toBe('Advertising');
    expect(campaignTypeLabel('radio')).toBe('radio');
  });
});

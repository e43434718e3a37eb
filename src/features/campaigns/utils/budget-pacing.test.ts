import { describe, expect, it } from 'vitest';
import { budgetPacing, describePacing, type PacingInput } from '@/features/campaigns/utils/budget-pacing';

const base: PacingInput = { budget: 5000, spend: 2400, startDate: '2026-03-01', endDate: '2026-03-31', today: '2026-03-15' };
const money = (amount: number) => `$${amount.toLocaleString('en-US')}`;
const day = (value: string) => value;
const line = (input: Partial<PacingInput>) => describePacing(budgetPacing({ ...base, ...input }), money, day);

describe('budgetPacing', () => {
  it('paces a budget against the days of its campaign: day 15 of 31, 48 % spent is on pace', () => {
    expect(budgetPacing(base)).toEqual({
      kind: 'running', budget: 5000, spend: 2400, spentPercent: 48, startDate: '2026-03-01', endDate: '2026-03-31', day: 15, days: 31, status: 'on-pace',
    });
  });

  it.each([
    [3000, 'ahead'], // 60 % spent at 48 % of the days
    [2000, 'behind'], // 40 %
    [2600, 'on-pace'], // 52 %: within a tenth of the expected share
  ] as const)('says %d spent by day 15 of 31 is %s', (spend, status) => {
    expect(budgetPacing({ ...base, spend })).toMatchObject({ status });
  });

  it('paces from the start to today without an end date, with no share of days to compare with', () => {
    expect(budgetPacing({ ...base, endDate: null, spend: 900 })).toEqual({
      kind: 'running', budget: 5000, spend: 900, spentPercent: 18, startDate: '2026-03-01', endDate: null, day: 15, days: null, status: null,
    });
  });

  it('counts an ended campaign over all its days, and says how much more than the budget was spent', () => {
    expect(budgetPacing({ ...base, today: '2026-04-10', spend: 5600 })).toMatchObject({ kind: 'ended', day: 31, days: 31, spentPercent: 112, status: 'ahead' });
    expect(budgetPacing({ ...base, today: '2026-03-31', spend: 5000 })).toMatchObject({ kind: 'running', day: 31, spentPercent: 100, status: 'on-pace' });
  });

  it('has nothing to pace before the start, without a start date or without a budget', () => {
    expect(budgetPacing({ ...base, today: '2026-02-20', spend: 0 })).toEqual({ kind: 'not-started', budget: 5000, startDate: '2026-03-01' });
    expect(budgetPacing({ ...base, startDate: null, spend: null })).toEqual({ kind: 'no-start-date', budget: 5000 });
    expect(budgetPacing({ ...base, budget: null })).toEqual({ kind: 'no-budget', spend: 2400 });
    expect(budgetPacing({ ...base, budget: 0 })).toEqual({ kind: 'no-budget', spend: 2400 });
  });
});

describe('describePacing', () => {
  it('says the spend, the budget and where the campaign is in its days', () => {
    expect(line({})).toEqual({ text: '$2,400 of $5,000 spent, day 15 of 31: on pace', value: '48%', progress: 48 });
    expect(line({ spend: 3000 }).text).toBe('$3,000 of $5,000 spent, day 15 of 31: spending ahead of schedule');
    expect(line({ spend: 1000 }).text).toBe('$1,000 of $5,000 spent, day 15 of 31: spending behind schedule');
  });

  it('says "no end date" where there is none', () => {
    expect(line({ endDate: null, spend: 900 })).toEqual({ text: '$900 of $5,000 spent since 2026-03-01, no end date', value: '18%', progress: 18 });
  });

  it('fills the bar to 100 at most, while the figure says how far over the budget it went', () => {
    expect(line({ today: '2026-04-02', spend: 6000 })).toEqual({ text: '$6,000 of $5,000 spent, ended 2026-03-31', value: '120%', progress: 100 });
  });

  it('asks for the dates, names the start, or says there is no budget, without a share', () => {
    expect(line({ startDate: null, spend: null })).toEqual({ text: '$5,000 budget, no start date: set the campaign’s dates to pace it' });
    expect(line({ today: '2026-02-01', spend: 0 })).toEqual({ text: '$5,000 budget, starts 2026-03-01', value: '0%', progress: 0 });
    expect(line({ budget: null })).toEqual({ text: '$2,400 spent, no budget' });
    expect(line({ budget: null, spend: null, startDate: null })).toEqual({ text: 'No budget' });
  });
});

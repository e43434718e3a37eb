import { describe, expect, it } from 'vitest';
import { adPlatforms } from '@/config/campaign-options';
import {
  campaignFormValues,
  campaignInput,
  emptyCampaignForm,
  parseBudget,
  toggleOption,
  validateCampaignForm,
  type Campaign,
} from '@/features/campaigns/utils/campaign-form';

describe('parseBudget', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['0', 0],
    ['1500', 1500],
    ['1500.5', 1500.5],
    ['1500.50', 1500.5],
    [' 99.99 ', 99.99],
    ['0.29', 0.29],
    ['5.', 5],
    ['.5', 0.5],
    ['1500.500', 1500.5],
    ['999999999999.99', 999999999999.99],
  ])('%j → %j', (text, value) => {
    expect(parseBudget(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['-1', 'The budget cannot be negative'],
    ['-0.01', 'The budget cannot be negative'],
    ['abc', 'Enter the budget as a number, e.g. 1500.50'],
    ['12,50', 'Enter the budget as a number, e.g. 1500.50'],
    ['Infinity', 'Enter the budget as a number, e.g. 1500.50'],
    ['1e3', 'Enter the budget as a number, e.g. 1500.50'],
    ['0x10', 'Enter the budget as a number, e.g. 1500.50'],
    ['+5', 'Enter the budget as a number, e.g. 1500.50'],
    ['1.2.3', 'Enter the budget as a number, e.g. 1500.50'],
    ['.', 'Enter the budget as a number, e.g. 1500.50'],
    ['-', 'Enter the budget as a number, e.g. 1500.50'],
    ['-1e3', 'Enter the budget as a number, e.g. 1500.50'],
    ['1.005', 'Use at most two decimal places'],
    ['1000000000000', 'The budget is too large'],
  ])('%j → %s', (text, error) => {
    expect(parseBudget(text)).toEqual({ ok: false, error });
  });

  it('reads -0 as 0', () => {
    expect(parseBudget('-0')).toEqual({ ok: true, value: 0 });
    expect(parseBudget('-0.00')).toEqual({ ok: true, value: 0 });
  });
});

describe('toggleOption', () => {
  it('adds and removes, keeping the order of the list whatever the order of clicks', () => {
    const afterTikTok = toggleOption([], 'TikTok Ads', true, adPlatforms);
    expect(toggleOption(afterTikTok, 'Google Ads', true, adPlatforms)).toEqual(['Google Ads', 'TikTok Ads']);
    expect(toggleOption(['Google Ads', 'TikTok Ads'], 'Google Ads', false, adPlatforms)).toEqual(['TikTok Ads']);
  });

  it('is idempotent and ignores values outside the list', () => {
    expect(toggleOption(['Google Ads'], 'Google Ads', true, adPlatforms)).toEqual(['Google Ads']);
    expect(toggleOption([], 'MySpace Ads', true, adPlatforms)).toEqual([]);
  });
});

const stored: Campaign = {
  id: 'k1',
  organization_id: 'org-1',
  user_id: 'user-1',
  title: 'Spring Launch',
  description: null,
  type: 'advertising',
  status: 'active',
  budget: 1500.5,
  start_date: '2026-06-01',
  end_date: null,
  target_audience: 'SMB owners',
  goals: null,
  execution_methods: ['Search Ads'],
  ad_collateral: [],
  platforms: ['Google Ads', 'LinkedIn Ads'],
  created_at: '2026-05-01T00:00:00+00:00',
  updated_at: '2026-05-02T00:00:00+00:00',
};

describe('campaignFormValues', () => {
  it('a new campaign is a draft with nothing else set', () => {
    expect(campaignFormValues(null)).toEqual(emptyCampaignForm());
    expect(emptyCampaignForm().status).toBe('draft');
  });

  it('an edited campaign shows its values: budget as text, null as empty', () => {
    expect(campaignFormValues(stored)).toEqual({
      title: 'Spring Launch',
      description: '',
      status: 'active',
      budget: '1500.5',
      isBudgetUnreadable: false,
      startDate: '2026-06-01',
      endDate: '',
      targetAudience: 'SMB owners',
      goals: '',
      executionMethods: ['Search Ads'],
      platforms: ['Google Ads', 'LinkedIn Ads'],
      adCollateral: [],
    });
  });
});

describe('validateCampaignForm', () => {
  const valid = { ...emptyCampaignForm(), title: 'Spring' };

  it('requires only the title', () => {
    expect(validateCampaignForm(emptyCampaignForm())).toEqual({ title: 'Title is required' });
    expect(validateCampaignForm(valid)).toEqual({});
  });

  it('checks the budget, including text the number input could not read', () => {
    expect(validateCampaignForm({ ...valid, budget: '-5' })).toEqual({ budget: 'The budget cannot be negative' });
    expect(validateCampaignForm({ ...valid, budget: '', isBudgetUnreadable: true })).toEqual({ budget: 'Enter the budget as a number, e.g. 1500.50' });
  });

  it('refuses an end date before the start date; the same day or one date alone is fine', () => {
    expect(validateCampaignForm({ ...valid, startDate: '2026-06-02', endDate: '2026-06-01' })).toEqual({
      endDate: 'The end date cannot be before the start date',
    });
    expect(validateCampaignForm({ ...valid, startDate: '2026-06-01', endDate: '2026-06-01' })).toEqual({});
    expect(validateCampaignForm({ ...valid, endDate: '2026-06-01' })).toEqual({});
  });
});

describe('campaignInput', () => {
  it('trims the title, parses the budget (empty → null), sends empty dates and blank texts as null', () => {
    expect(
      campaignInput({
        ...emptyCampaignForm(),
        title: ' Spring ',
        description: '  ',
        budget: '',
        goals: '500 leads',
        platforms: ['Google Ads'],
      }),
    ).toEqual({
      title: 'Spring',
      description: null,
      status: 'draft',
      budget: null,
      start_date: null,
      end_date: null,
      target_audience: null,
      goals: '500 leads',
      execution_methods: [],
      platforms: ['Google Ads'],
      ad_collateral: [],
    });
    expect(campaignInput({ ...emptyCampaignForm(), title: 'x', budget: '1500.50' }).budget).toBe(1500.5);
  });

  it('round-trips a stored row', () => {
    expect(campaignInput(campaignFormValues(stored))).toEqual({
      title: stored.title,
      description: stored.description,
      status: stored.status,
      budget: stored.budget,
      start_date: stored.start_date,
      end_date: stored.end_date,
      target_audience: stored.target_audience,
      goals: stored.goals,
      execution_methods: stored.execution_methods,
      platforms: stored.platforms,
      ad_collateral: stored.ad_collateral,
    });
  });
});

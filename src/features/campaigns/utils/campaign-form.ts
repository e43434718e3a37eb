import { campaignCopy } from '@/config/campaign-copy';
import type { CampaignStatus } from '@/config/campaign-options';
import type { Tables, TablesInsert } from '@/types/database';

export type Campaign = Tables<'campaigns'>;

/** The fields the dialog edits, as typed (budget and dates as the inputs' text). */
export interface CampaignFormValues {
  title: string;
  description: string;
  status: CampaignStatus;
  budget: string;
  /** The number input holds text the browser cannot read as a number (its value is then ''). */
  isBudgetUnreadable: boolean;
  startDate: string;
  endDate: string;
  targetAudience: string;
  goals: string;
  executionMethods: string[];
  platforms: string[];
  adCollateral: string[];
}

/** What is sent on insert and update; the create call adds type, organization and author. */
export type CampaignInput = Pick<
  TablesInsert<'campaigns'>,
  'title' | 'description' | 'status' | 'budget' | 'start_date' | 'end_date' | 'target_audience' | 'goals' | 'execution_methods' | 'platforms' | 'ad_collateral'
>;

export type CampaignFormErrors = Partial<Record<'title' | 'budget' | 'endDate', string>>;

/** numeric(14, 2): at most 12 digits before the point. */
export const MAX_BUDGET_EXCLUSIVE = 1_000_000_000_000;

export type BudgetResult = { ok: true; value: number | null } | { ok: false; error: string };

/** Plain decimal text as typed: digits with an optional point and fraction, an optional minus to say so. */
const DECIMAL = /^(-?)(\d*)(?:\.(\d*))?$/;

/**
 * Spec §5: budget is a number with step 0.01; empty becomes null; never negative. Read from the text itself (no
 * exponent, hexadecimal or sign other than minus), so what is stored is what was typed.
 */
export function parseBudget(text: string): BudgetResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  const match = DECIMAL.exec(trimmed);
  const [, sign = '', whole = '', fraction = ''] = match ?? [];
  if (!match || (whole === '' && fraction === '')) return { ok: false, error: campaignCopy.errors.budgetNotANumber };
  const value = Number(`${whole || '0'}.${fraction || '0'}`);
  if (sign && value !== 0) return { ok: false, error: campaignCopy.errors.budgetNegative };
  if (fraction.replace(/0+$/, '').length > 2) return { ok: false, error: campaignCopy.errors.budgetDecimals };
  if (value >= MAX_BUDGET_EXCLUSIVE) return { ok: false, error: campaignCopy.errors.budgetTooLarge };
  return { ok: true, value };
}

/** A multi-select's new value, kept in the order of the spec's list whatever the order of clicks. */
export function toggleOption(selected: readonly string[], option: string, checked: boolean, options: readonly string[]): string[] {
  const next = new Set(selected);
  if (checked) next.add(option);
  else next.delete(option);
  return options.filter((entry) => next.has(entry));
}

export function emptyCampaignForm(): CampaignFormValues {
  return {
    title: '',
    description: '',
    status: 'draft',
    budget: '',
    isBudgetUnreadable: false,
    startDate: '',
    endDate: '',
    targetAudience: '',
    goals: '',
    executionMethods: [],
    platforms: [],
    adCollateral: [],
  };
}

/** A stored row → the dialog's fields (null → ''); no row → a new draft. */
export function campaignFormValues(campaign: Campaign | null): CampaignFormValues {
  if (!campaign) return emptyCampaignForm();
  return {
    title: campaign.title,
    description: campaign.description ?? '',
    status: campaign.status as CampaignStatus,
    budget: campaign.budget === null ? '' : String(campaign.budget),
    isBudgetUnreadable: false,
    startDate: campaign.start_date ?? '',
    endDate: campaign.end_date ?? '',
    targetAudience: campaign.target_audience ?? '',
    goals: campaign.goals ?? '',
    executionMethods: [...campaign.execution_methods],
    platforms: [...campaign.platforms],
    adCollateral: [...campaign.ad_collateral],
  };
}

export function validateCampaignForm(values: CampaignFormValues): CampaignFormErrors {
  const errors: CampaignFormErrors = {};
  if (values.title.trim() === '') errors.title = campaignCopy.errors.titleRequired;
  const budget = parseBudget(values.budget);
  if (values.isBudgetUnreadable) errors.budget = campaignCopy.errors.budgetNotANumber;
  else if (!budget.ok) errors.budget = budget.error;
  // ISO dates compare as text.
  if (values.startDate && values.endDate && values.endDate < values.startDate) errors.endDate = campaignCopy.errors.endBeforeStart;
  return errors;
}

function optional(text: string): string | null {
  return text.trim() === '' ? null : text;
}

/** The dialog's fields → the row to send (call after validateCampaignForm found nothing). */
export function campaignInput(values: CampaignFormValues): CampaignInput {
  const budget = parseBudget(values.budget);
  return {
    title: values.title.trim(),
    description: optional(values.description),
    status: values.status,
    budget: budget.ok ? budget.value : null,
    start_date: values.startDate || null,
    end_date: values.endDate || null,
    target_audience: optional(values.targetAudience),
    goals: optional(values.goals),
    execution_methods: values.executionMethods,
    platforms: values.platforms,
    ad_collateral: values.adCollateral,
  };
}

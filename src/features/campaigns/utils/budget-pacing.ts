import { resultsCopy } from '@/config/results-copy';
import { periodLength } from '@/lib/periods';

/**
 * A campaign's budget paced against its own dates. The budget is the campaign's over its dates: the spend is what
 * was spent from its start date to its end date, or to today when it has no end date (campaign_pacing() counts it
 * so); a campaign without a start date has no period to pace. With an end date, the share of the budget spent is
 * compared with the share of the campaign's days gone by.
 */

export interface PacingInput {
  budget: number | null;
  /** Spent over the campaign's dates; null when it has no start date. */
  spend: number | null;
  startDate: string | null;
  endDate: string | null;
  today: string;
}

/** Spending faster than the days go by (over 110 % of the expected share), slower (under 90 %), or about as fast. */
export type PaceStatus = 'ahead' | 'on-pace' | 'behind';

export type BudgetPacing =
  | { kind: 'no-budget'; spend: number | null }
  | { kind: 'no-start-date'; budget: number }
  | { kind: 'not-started'; budget: number; startDate: string }
  | {
      kind: 'running' | 'ended';
      budget: number;
      spend: number;
      /** Share of the budget spent, in % (over 100 when overspent). */
      spentPercent: number;
      startDate: string;
      /** null: no end date — the budget is paced from the start to today, with no share of days to compare with. */
      endDate: string | null;
      /** The day of the campaign today is (1 on its start date), up to its last day once it has ended. */
      day: number;
      /** The campaign's length in days; null without an end date. */
      days: number | null;
      /** Whether the spend keeps up with the days; null without an end date. */
      status: PaceStatus | null;
    };

const TOLERANCE = 0.1;

export function budgetPacing({ budget, spend, startDate, endDate, today }: PacingInput): BudgetPacing {
  if (budget === null || budget <= 0) return { kind: 'no-budget', spend };
  if (startDate === null || spend === null) return { kind: 'no-start-date', budget };
  if (today < startDate) return { kind: 'not-started', budget, startDate };
  const spentShare = spend / budget;
  const spentPercent = Math.round(spentShare * 100);
  if (endDate === null) {
    const day = periodLength({ from: startDate, to: today });
    return { kind: 'running', budget, spend, spentPercent, startDate, endDate, day, days: null, status: null };
  }
  const days = periodLength({ from: startDate, to: endDate });
  const ended = today > endDate;
  const day = ended ? days : periodLength({ from: startDate, to: today });
  const expected = day / days;
  const status: PaceStatus = spentShare > expected * (1 + TOLERANCE) ? 'ahead' : spentShare < expected * (1 - TOLERANCE) ? 'behind' : 'on-pace';
  return { kind: ended ? 'ended' : 'running', budget, spend, spentPercent, startDate, endDate, day, days, status };
}

/** One active campaign's line: what it says under the title, its share of the budget spent and the bar's fill. */
export interface PacingLine {
  text: string;
  value?: string;
  progress?: number;
}

/** The pacing in words ('$2,400 of $5,000 spent, day 15 of 31: on pace'), with money and days already formatted. */
export function describePacing(pacing: BudgetPacing, money: (amount: number) => string, day: (value: string) => string): PacingLine {
  const text = resultsCopy.pacingText;
  switch (pacing.kind) {
    case 'no-budget':
      return { text: text.noBudget(pacing.spend === null ? null : money(pacing.spend)) };
    case 'no-start-date':
      return { text: text.noStartDate(money(pacing.budget)) };
    case 'not-started':
      return { text: text.notStarted(money(pacing.budget), day(pacing.startDate)), value: '0%', progress: 0 };
    case 'running':
    case 'ended': {
      const [spent, budget] = [money(pacing.spend), money(pacing.budget)];
      const line =
        pacing.endDate === null
          ? text.noEndDate(spent, budget, day(pacing.startDate))
          : pacing.kind === 'ended'
            ? text.ended(spent, budget, day(pacing.endDate))
            : text.running(spent, budget, pacing.day, pacing.days ?? pacing.day, text.status[pacing.status ?? 'on-pace']);
      return { text: line, value: `${pacing.spentPercent}%`, progress: Math.min(100, pacing.spentPercent) };
    }
  }
}

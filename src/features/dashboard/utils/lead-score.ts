import { leadScoreBands, type LeadScoreBand } from '@/config/sample-figures';

/** Spec §9: hot 80-100, warm 60-79, cool 40-59, cold 0-39; nothing for a score outside 0-100. */
export function leadScoreBand(score: number): LeadScoreBand | undefined {
  if (!Number.isFinite(score) || score < 0 || score > 100) return undefined;
  return leadScoreBands.find((band) => score >= band.min)?.band;
}

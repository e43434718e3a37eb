/** A second factor as the page needs it. */
export interface FactorSummary {
  id: string;
  type: string;
  status: 'verified' | 'unverified';
  friendlyName: string;
}

/** The name an enrolment gives its factor (GoTrue refuses two factors of one name for a user). */
export const FACTOR_NAME = 'Authenticator app';

/** Two-factor is on with a verified TOTP factor; unverified ones are enrolments never finished. */
export function activeTotpFactor(factors: readonly FactorSummary[]): FactorSummary | null {
  return factors.find((factor) => factor.type === 'totp' && factor.status === 'verified') ?? null;
}

/** Enrolments left unfinished (a closed dialog, a lost tab): removed before a new one starts. */
export function unfinishedFactors(factors: readonly FactorSummary[]): FactorSummary[] {
  return factors.filter((factor) => factor.status === 'unverified');
}

/** The key as people type it into an app: groups of four, so it can be read out and checked. */
export function groupedKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

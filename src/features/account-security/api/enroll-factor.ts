import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useSecurityMutation } from '@/features/account-security/api/use-security-mutation';
import { FACTOR_NAME, type FactorSummary, unfinishedFactors } from '@/features/account-security/utils/two-factor-status';

export interface Enrolment {
  factorId: string;
  /** `data:image/svg+xml;utf-8,<svg…>` of the otpauth:// URI. */
  qrCode: string;
  secret: string;
}

/** A new TOTP factor (unverified until its first code), after removing enrolments left unfinished. */
export async function enrollFactor(existing: readonly FactorSummary[]): Promise<Enrolment> {
  for (const factor of unfinishedFactors(existing)) {
    const { error } = await supabase.auth.mfa.unenroll({ factorId: factor.id });
    if (error) throw toError(error);
  }
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: FACTOR_NAME });
  if (error) throw toError(error);
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
}

export function useEnrollFactor() {
  return useSecurityMutation(enrollFactor);
}

/** An enrolment abandoned (the dialog closed): removed, so the next one starts clean. Failures are left for then. */
export async function abandonEnrolment(factorId: string): Promise<void> {
  await supabase.auth.mfa.unenroll({ factorId });
}

import { useQuery } from '@tanstack/react-query';
import { securityKeys } from '@/features/account-security/api/keys';
import { useAuth } from '@/lib/auth';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { FactorSummary } from '@/features/account-security/utils/two-factor-status';

/** The user's second factors, read fresh from the server (supabase-js `mfa.listFactors` asks GET /user). */
export async function getFactors(): Promise<FactorSummary[]> {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw toError(error);
  return data.all.map((factor) => ({ id: factor.id, type: factor.factor_type, status: factor.status, friendlyName: factor.friendly_name ?? '' }));
}

export function useFactors() {
  const { userId } = useAuth();
  return useQuery({ queryKey: securityKeys.factors(userId), queryFn: getFactors, enabled: userId !== null });
}

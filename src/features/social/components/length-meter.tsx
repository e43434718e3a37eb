import type { LengthCheck } from '@/features/social/network-rules';
import { cn } from '@/lib/utils';

/** "212 / 300" for a variant, red with the network's rule in words when over. */
export function LengthMeter({ check }: { check: LengthCheck }) {
  return (
    <span className={cn(check.left < 0 && 'font-medium text-destructive')} aria-live="polite">
      {check.used} / {check.limit}
      {check.left < 0 && check.message ? ` — ${check.message}` : ''}
    </span>
  );
}

import { assetCopy } from '@/config/asset-copy';
import { formatBytes, quotaUse } from '@/features/assets/utils/asset-display';
import { cn } from '@/lib/utils';

/** The workspace's storage against its quota, as a meter (and in words when it is nearly full). */
export function QuotaMeter({ used, quota }: { used: number; quota: number }) {
  const { percent, isNearlyFull } = quotaUse(used, quota);
  const label = assetCopy.figures.quotaLabel(formatBytes(used), formatBytes(quota));
  return (
    <div className="space-y-1.5">
      <div
        role="meter"
        aria-label={assetCopy.figures.storageUsed}
        aria-valuemin={0}
        aria-valuemax={quota}
        aria-valuenow={Math.min(used, quota)}
        aria-valuetext={label}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className={cn('h-full rounded-full', isNearlyFull ? 'bg-destructive' : 'bg-primary')} style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-muted-foreground">{label}</p>
      {isNearlyFull ? <p className="text-sm font-medium text-destructive">{assetCopy.figures.quotaNearlyFull}</p> : null}
    </div>
  );
}

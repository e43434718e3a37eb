import { CheckCircle2, HardDrive, Hourglass, Images } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListStatus } from '@/components/module/list-status';
import { StatCards } from '@/components/module/stat-cards';
import { StatCardsLoading } from '@/components/module/stat-cards-loading';
import { assetCopy } from '@/config/asset-copy';
import { useAssetFigures } from '@/features/assets/api/get-asset-figures';
import { QuotaMeter } from '@/features/assets/components/quota-meter';
import { formatBytes } from '@/features/assets/utils/asset-display';
import { describeLoadFailure } from '@/lib/error-kinds';

const iconClass = 'h-4 w-4 text-muted-foreground';

/**
 * The Creative Studio's figures from the library: assets, in review now, approved since the 1st of the user's month,
 * storage used against the quota — zeros for an empty library, whose sample figures the library shows below itself
 * (`EmptyLibrarySample`), so the figures' place is the same loading, empty or in use (issue 33: CLS).
 */
export function AssetFigures() {
  const query = useAssetFigures();
  const copy = assetCopy.figures;
  if (query.isError) return <ListStatus kind="error" title={copy.loadFailed} description={describeLoadFailure(query.error)} />;
  if (!query.data) {
    // The cards and the meter's place kept while loading.
    const meter = (
      <div className="space-y-1.5">
        <div className="h-2 w-full rounded-full bg-muted" />
        <p className="text-xs">{'\u00a0'}</p>
      </div>
    );
    return <StatCardsLoading heading={copy.title} labels={[copy.assets, copy.inReview, copy.approvedThisMonth, copy.storageUsed]} status={copy.loading} after={meter} />;
  }
  const figures = query.data;
  return (
    <section aria-labelledby="asset-figures-title" className="space-y-3">
      <h2 id="asset-figures-title" className="text-xl font-semibold tracking-tight">
        {copy.title}
      </h2>
      <StatCards
        stats={[
          { label: copy.assets, value: String(figures.assetCount), change: null, note: copy.nowNote, icon: <Images className={iconClass} aria-hidden="true" /> },
          { label: copy.inReview, value: String(figures.inReview), change: null, note: copy.nowNote, icon: <Hourglass className={iconClass} aria-hidden="true" /> },
          { label: copy.approvedThisMonth, value: String(figures.approvedThisMonth), change: null, note: copy.monthNote, icon: <CheckCircle2 className={iconClass} aria-hidden="true" /> },
          { label: copy.storageUsed, value: formatBytes(figures.storageUsed), change: null, note: copy.quotaNote(formatBytes(figures.quota)), icon: <HardDrive className={iconClass} aria-hidden="true" /> },
        ]}
      />
      <QuotaMeter used={figures.storageUsed} quota={figures.quota} />
    </section>
  );
}

/** The spec's sample figures, marked, while the library is empty (below the library: nothing above it moves). */
export function EmptyLibrarySample({ sample }: { sample: ReactNode }) {
  const query = useAssetFigures();
  return query.data?.assetCount === 0 ? <>{sample}</> : null;
}

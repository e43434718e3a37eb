import { Link } from 'react-router';
import { assetCopy } from '@/config/asset-copy';
import type { AssetPage } from '@/features/assets/api/asset-types';
import { assetUserLabel, assetUserPath } from '@/features/assets/utils/asset-users';

/** Where the asset is used: content items (featured image), campaigns and e-mail templates (an image block). */
export function AssetUsage({ usedBy }: { usedBy: AssetPage['used_by'] }) {
  const copy = assetCopy.detail;
  return (
    <section aria-labelledby="asset-usage-title" className="space-y-2">
      <h3 id="asset-usage-title" className="font-semibold">
        {copy.usedBy}
      </h3>
      {usedBy.length === 0 ? (
        <p className="text-sm text-muted-foreground">{copy.notUsed}</p>
      ) : (
        <ul className="list-inside list-disc text-sm">
          {usedBy.map((item) => (
            <li key={`${item.kind}:${item.id}`}>
              <Link to={assetUserPath(item)} className="underline underline-offset-4">
                {assetUserLabel(item)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { Link } from 'react-router';
import { assetCopy } from '@/config/asset-copy';
import { paths } from '@/config/paths';
import type { AssetPage } from '@/features/assets/api/asset-types';

/** Where the asset is used (content items taking it as their featured image). */
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
            <li key={item.id}>
              <Link to={paths.marketing.content} className="underline underline-offset-4">
                {item.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

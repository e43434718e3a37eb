import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { assetCopy } from '@/config/asset-copy';
import { useSetAssetInCollection } from '@/features/assets/api/asset-collection-changes';
import { useAssetCollections } from '@/features/assets/api/get-asset-collections';

/** Which collections hold the asset: a box per collection (members and up change them). */
export function AssetCollectionsField({ workspaceId, assetId, collectionIds, canWrite }: { workspaceId: string; assetId: string; collectionIds: string[]; canWrite: boolean }) {
  const collections = useAssetCollections().data ?? [];
  const change = useSetAssetInCollection();
  const baseId = useId();
  if (collections.length === 0) return null;
  return (
    <fieldset className="space-y-2">
      <legend className="font-semibold">{assetCopy.collections.inCollections}</legend>
      {collections.map((collection) => {
        const id = `${baseId}-${collection.id}`;
        return (
          <div key={collection.id} className="flex items-center gap-2">
            <Checkbox
              id={id}
              checked={collectionIds.includes(collection.id)}
              disabled={!canWrite || change.isPending}
              onCheckedChange={(checked) => change.mutate({ workspaceId, collectionId: collection.id, assetId, isIn: checked === true })}
            />
            <Label htmlFor={id}>{collection.name}</Label>
          </div>
        );
      })}
    </fieldset>
  );
}

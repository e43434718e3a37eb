import { Plus, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { assetCopy } from '@/config/asset-copy';
import { useCreateAssetCollection, useDeleteAssetCollection } from '@/features/assets/api/asset-collection-changes';
import { useAssetCollections, type AssetCollection } from '@/features/assets/api/get-asset-collections';
import { cn } from '@/lib/utils';

interface CollectionsBarProps {
  workspaceId: string;
  selectedId: string | null;
  canWrite: boolean;
  onSelect(collectionId: string | null): void;
}

/** The collections as filters (one at a time), with a new one made in place and a deletion confirmed first. */
export function CollectionsBar({ workspaceId, selectedId, canWrite, onSelect }: CollectionsBarProps) {
  const copy = assetCopy.collections;
  const collections = useAssetCollections().data ?? [];
  const create = useCreateAssetCollection();
  const remove = useDeleteAssetCollection();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<AssetCollection | null>(null);

  function handleCreate(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length < 1 || trimmed.length > 80) return setError(copy.nameRequired);
    setError(null);
    create.mutate({ workspaceId, name: trimmed }, { onSuccess: () => setName('') });
  }

  const chip = (id: string | null, label: string) => (
    <Button type="button" size="sm" variant={selectedId === id ? 'secondary' : 'outline'} aria-pressed={selectedId === id} onClick={() => onSelect(id)}>
      {label}
    </Button>
  );

  return (
    <div className="space-y-2">
      <h3 className="text-sm font-medium">{copy.title}</h3>
      <ul className="flex flex-wrap items-center gap-2">
        <li>{chip(null, copy.all)}</li>
        {collections.map((collection) => (
          <li key={collection.id} className={cn('flex items-center', canWrite && 'gap-0.5')}>
            {chip(collection.id, collection.name)}
            {canWrite ? (
              <Button type="button" size="icon" variant="ghost" className="h-8 w-8" aria-label={copy.remove(collection.name)} onClick={() => setToDelete(collection)}>
                <X aria-hidden="true" />
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {canWrite ? (
        <form onSubmit={handleCreate} className="flex max-w-md items-start gap-2" noValidate>
          <div className="flex-1 space-y-1">
            <Input aria-label={copy.name} placeholder={copy.create} maxLength={80} value={name} onChange={(event) => setName(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'collection-name-error' : undefined} />
            {error ? (
              <p id="collection-name-error" role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <Button type="submit" variant="outline" disabled={create.isPending}>
            <Plus aria-hidden="true" />
            {create.isPending ? copy.saving : copy.save}
          </Button>
        </form>
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={copy.removeTitle(toDelete?.name ?? '')}
        description={copy.removeDescription}
        confirmLabel={assetCopy.remove.confirm}
        pendingLabel={assetCopy.remove.pending}
        cancelLabel={assetCopy.remove.cancel}
        isPending={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSettled: () => {
              if (selectedId === toDelete.id) onSelect(null);
              setToDelete(null);
            },
          })
        }
      />
    </div>
  );
}

import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { assetCopy } from '@/config/asset-copy';
import { useDeleteAsset } from '@/features/assets/api/delete-asset';
import { usersOfRefusedDelete } from '@/features/assets/utils/asset-errors';
import { assetUserLabel } from '@/features/assets/utils/asset-users';

/**
 * Deleting an asset, confirmed first. While content items use it the database refuses and names them: the dialog
 * then lists them instead of deleting anything.
 */
export function AssetDelete({ assetId, name, onDeleted }: { assetId: string; name: string; onDeleted(): void }) {
  const copy = assetCopy.remove;
  const [isOpen, setIsOpen] = useState(false);
  const remove = useDeleteAsset();
  const users = usersOfRefusedDelete(remove.error);

  const description = users ? (
    <span className="block space-y-2" role="alert">
      <span className="block font-medium text-destructive">{copy.inUse}</span>
      <span className="block">{copy.inUseDescription}</span>
      <span className="block">
        {users.map((user) => (
          <span key={`${user.kind}:${user.id}`} className="block">
            {assetUserLabel(user)}
          </span>
        ))}
      </span>
    </span>
  ) : (
    copy.description
  );

  return (
    <>
      <Button
        type="button"
        variant="destructive"
        size="sm"
        onClick={() => {
          remove.reset();
          setIsOpen(true);
        }}
      >
        <Trash2 aria-hidden="true" />
        {copy.button}
      </Button>
      <ConfirmDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        title={copy.title(name)}
        description={description}
        confirmLabel={copy.confirm}
        pendingLabel={copy.pending}
        cancelLabel={copy.cancel}
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(assetId, {
            onSuccess: () => {
              setIsOpen(false);
              onDeleted();
            },
          })
        }
      />
    </>
  );
}

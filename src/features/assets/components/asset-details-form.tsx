import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { assetCopy } from '@/config/asset-copy';
import type { AssetPage } from '@/features/assets/api/asset-types';
import { useUpdateAssetDetails } from '@/features/assets/api/update-asset-details';
import { detailsErrors, parseAssetTags } from '@/features/assets/utils/asset-details';

/** Name, description and tags of an asset (members and up; viewers read them). */
export function AssetDetailsForm({ asset, canWrite }: { asset: AssetPage['asset']; canWrite: boolean }) {
  const copy = assetCopy.detail;
  const [name, setName] = useState(asset.name);
  const [description, setDescription] = useState(asset.description ?? '');
  const [tags, setTags] = useState(asset.tags.join(', '));
  const [errors, setErrors] = useState<ReturnType<typeof detailsErrors>>({});
  const update = useUpdateAssetDetails();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found = detailsErrors({ name, tags });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate({ assetId: asset.id, name: name.trim(), description: description.trim() || null, tags: parseAssetTags(tags) });
  }

  return (
    <form onSubmit={handleSubmit} className="space-y-3" noValidate>
      <FormField label={copy.name} error={errors.name}>
        <Input value={name} maxLength={255} readOnly={!canWrite} onChange={(event) => setName(event.target.value)} />
      </FormField>
      <FormField label={copy.description}>
        <Textarea rows={2} maxLength={2000} value={description} readOnly={!canWrite} onChange={(event) => setDescription(event.target.value)} />
      </FormField>
      <FormField label={copy.tags} hint={copy.tagsHint} error={errors.tags}>
        <Input value={tags} readOnly={!canWrite} onChange={(event) => setTags(event.target.value)} />
      </FormField>
      {canWrite ? (
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? copy.saving : copy.save}
        </Button>
      ) : null}
    </form>
  );
}

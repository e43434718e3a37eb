import { useId } from 'react';
import { FeaturedAssetField } from '@/components/asset-picker/featured-asset-field';
import { OptionSelect } from '@/components/option-select';
import { FormField } from '@/components/ui/form-field';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { contentCopy } from '@/config/content-copy';
import { contentStatuses, contentTypes, SEO_DESCRIPTION_HINT_LENGTH, SEO_TITLE_HINT_LENGTH } from '@/config/content-options';
import { canPublishOnSchedule, seoLengthHint, type ContentFormErrors, type ContentFormValues } from '@/features/content/utils/content-form';
import { useOptionalWorkspace } from '@/lib/workspace';

interface ContentFormFieldsProps {
  values: ContentFormValues;
  errors: ContentFormErrors;
  onChange(values: ContentFormValues): void;
}

/** The content dialog's fields; limits mirror the database's checks so nothing typed is refused on save. */
export function ContentFormFields({ values, errors, onChange }: ContentFormFieldsProps) {
  const set = <K extends keyof ContentFormValues>(field: K, value: ContentFormValues[K]) => onChange({ ...values, [field]: value });
  const { fields, hints, placeholders } = contentCopy;
  const publishId = useId();
  const canSchedule = canPublishOnSchedule(values);
  const workspaceId = useOptionalWorkspace()?.current?.id ?? null;
  return (
    <div className="space-y-4">
      <FormField
        label={
          <>
            {fields.title} <span aria-hidden="true" className="text-destructive">*</span>
          </>
        }
        error={errors.title}
      >
        <Input
          required
          maxLength={200}
          placeholder={placeholders.title}
          value={values.title}
          onChange={(event) => set('title', event.target.value)}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={fields.contentType}>
          <OptionSelect value={values.contentType} options={contentTypes} onChange={(value) => set('contentType', value)} />
        </FormField>
        <FormField label={fields.status}>
          <OptionSelect value={values.status} options={contentStatuses} onChange={(value) => set('status', value)} />
        </FormField>
        <FormField label={fields.plannedPublishAt} hint={hints.plannedPublishAt} error={errors.plannedPublishAt} className="sm:col-span-2">
          <Input type="datetime-local" value={values.plannedPublishAt} onChange={(event) => set('plannedPublishAt', event.target.value)} />
        </FormField>
        <div className="flex items-start gap-3 sm:col-span-2">
          <Checkbox
            id={publishId}
            className="mt-0.5"
            checked={canSchedule && values.publishOnSchedule}
            disabled={!canSchedule}
            aria-describedby={`${publishId}-hint`}
            onCheckedChange={(checked) => set('publishOnSchedule', checked === true)}
          />
          <div className="space-y-0.5">
            <Label htmlFor={publishId}>{fields.publishOnSchedule}</Label>
            <p id={`${publishId}-hint`} className="text-xs text-muted-foreground">
              {hints.publishOnSchedule}
            </p>
          </div>
        </div>
      </div>
      <FormField label={fields.excerpt} hint={hints.excerpt}>
        <Textarea rows={2} maxLength={1000} value={values.excerpt} onChange={(event) => set('excerpt', event.target.value)} />
      </FormField>
      <FormField label={fields.content}>
        <Textarea rows={6} maxLength={100_000} value={values.content} onChange={(event) => set('content', event.target.value)} />
      </FormField>
      <FormField label={fields.featuredImageUrl} hint={hints.featuredImageUrl} error={errors.featuredImageUrl}>
        <Input
          type="url"
          inputMode="url"
          maxLength={2048}
          placeholder={placeholders.featuredImageUrl}
          value={values.featuredImageUrl}
          // A typed address is no longer the library's asset.
          onChange={(event) => onChange({ ...values, featuredImageUrl: event.target.value, featuredAssetId: null })}
        />
      </FormField>
      <FeaturedAssetField
        workspaceId={workspaceId}
        assetId={values.featuredAssetId}
        imageUrl={values.featuredImageUrl}
        onChange={({ assetId, imageUrl }) => onChange({ ...values, featuredAssetId: assetId, featuredImageUrl: imageUrl })}
      />
      <FormField label={fields.tags} hint={hints.tags} error={errors.tags}>
        <Input value={values.tags} onChange={(event) => set('tags', event.target.value)} />
      </FormField>
      <FormField label={fields.seoTitle} hint={<SeoHint length={values.seoTitle.length} recommended={SEO_TITLE_HINT_LENGTH} />}>
        <Input maxLength={200} value={values.seoTitle} onChange={(event) => set('seoTitle', event.target.value)} />
      </FormField>
      <FormField
        label={fields.seoDescription}
        hint={<SeoHint length={values.seoDescription.length} recommended={SEO_DESCRIPTION_HINT_LENGTH} />}
      >
        <Textarea rows={3} maxLength={500} value={values.seoDescription} onChange={(event) => set('seoDescription', event.target.value)} />
      </FormField>
    </div>
  );
}

/** Characters against the recommended length; past it, a warning in words (announced once), not only in colour. */
function SeoHint({ length, recommended }: { length: number; recommended: number }) {
  const { text, isOver } = seoLengthHint(length, recommended);
  return (
    <>
      <span className={isOver ? 'font-medium text-amber-800' : undefined}>{text}</span>{' '}
      <span role="status" className="font-medium text-amber-800">
        {isOver ? contentCopy.hints.seoTooLong : null}
      </span>
    </>
  );
}

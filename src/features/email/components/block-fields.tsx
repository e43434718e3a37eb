import { lazy, Suspense, useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { Button } from '@/components/ui/button';
import { emailCopy } from '@/config/email-copy';
import type { ColumnContent, EmailBlock } from '@/lib/email-template/email-blocks';

// Loaded when an image block's "Choose" is pressed: the e-mail page does not carry the asset picker until then.
const ImagePickerDialog = lazy(() => import('./image-picker-dialog').then((module) => ({ default: module.ImagePickerDialog })));

const copy = emailCopy.blocks;

/** The fields of one block (a column's blocks included); `label` prefixes every field label so each is unique. */
export function BlockFields({ block, onChange, label }: { block: EmailBlock | ColumnContent; onChange(block: EmailBlock | ColumnContent): void; label: string }) {
  const [isPicking, setPicking] = useState(false);
  switch (block.type) {
    case 'heading':
      return (
        <FormField label={`${label}: ${copy.headingText}`}>
          <Input value={block.text} maxLength={200} onChange={(event) => onChange({ ...block, text: event.target.value })} />
        </FormField>
      );
    case 'text':
      return (
        <FormField label={`${label}: ${copy.text}`} hint={copy.textHint}>
          <Textarea rows={4} value={block.markdown} maxLength={5000} onChange={(event) => onChange({ ...block, markdown: event.target.value })} />
        </FormField>
      );
    case 'button':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label={`${label}: ${copy.label}`}>
            <Input value={block.label} maxLength={80} onChange={(event) => onChange({ ...block, label: event.target.value })} />
          </FormField>
          <FormField label={`${label}: ${copy.link}`}>
            <Input type="url" value={block.href} onChange={(event) => onChange({ ...block, href: event.target.value })} />
          </FormField>
        </div>
      );
    case 'image':
      return (
        <div className="space-y-3">
          <div className="flex flex-wrap items-end gap-3">
            {block.src.startsWith('http') && block.src.length > 10 ? <img src={block.src} alt="" className="h-16 w-24 rounded border object-cover" /> : null}
            <Button type="button" variant="outline" aria-label={`${label}: ${copy.chooseImage}`} onClick={() => setPicking(true)}>
              {copy.chooseImage}
            </Button>
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label={`${label}: ${copy.imageAddress}`}>
              <Input type="url" value={block.src} onChange={(event) => onChange({ ...block, src: event.target.value, asset_id: undefined })} />
            </FormField>
            <FormField label={`${label}: ${copy.imageAlt}`}>
              <Input value={block.alt ?? ''} maxLength={200} onChange={(event) => onChange({ ...block, alt: event.target.value })} />
            </FormField>
          </div>
          {isPicking ? (
            <Suspense fallback={null}>
              <ImagePickerDialog
                onClose={() => setPicking(false)}
                onPick={(image) => {
                  setPicking(false);
                  onChange({ ...block, src: image.src, alt: block.alt || image.alt, asset_id: image.assetId });
                }}
              />
            </Suspense>
          ) : null}
        </div>
      );
  }
  return null;
}

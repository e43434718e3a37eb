import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { emailCopy } from '@/config/email-copy';
import type { EmailContent } from '@/lib/email-template/email-blocks';
import { unknownMergeFields } from '@/lib/email-template/merge-fields';
import { BlockEditor } from './block-editor';
import { EmailPreview } from './email-preview';

const copy = emailCopy.editor;

/** Every text of a message, for the merge-field check. */
function textsOf(content: EmailContent): string {
  return [content.subject, content.preheader, JSON.stringify(content.blocks)].join('\n');
}

/** Subject, preheader and blocks of a template or campaign, beside the live preview. */
export function EmailContentFields({ content, onChange, errors, workspaceName }: { content: EmailContent; onChange(content: EmailContent): void; errors: { subject?: string; blocks?: string }; workspaceName: string }) {
  const unknown = unknownMergeFields(textsOf(content));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="space-y-4">
        <FormField label={copy.subject} error={errors.subject} hint={unknown.length ? copy.unknownFields(unknown) : copy.mergeHint}>
          <Input value={content.subject} maxLength={200} onChange={(event) => onChange({ ...content, subject: event.target.value })} />
        </FormField>
        <FormField label={copy.preheader} hint={copy.preheaderHint}>
          <Input value={content.preheader} maxLength={200} onChange={(event) => onChange({ ...content, preheader: event.target.value })} />
        </FormField>
        <BlockEditor blocks={content.blocks} onChange={(blocks) => onChange({ ...content, blocks })} />
        {errors.blocks ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errors.blocks}
          </p>
        ) : null}
      </div>
      <EmailPreview content={content} workspaceName={workspaceName} />
    </div>
  );
}

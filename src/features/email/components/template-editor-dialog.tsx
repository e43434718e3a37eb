import { emailCopy } from '@/config/email-copy';
import type { EmailTemplate } from '@/features/email/api/get-email-templates';
import { useChangeEmailTemplate, type TemplateValues } from '@/features/email/api/save-email-template';
import { EmailEditorDialog } from './email-editor-dialog';

const BLANK: TemplateValues = { name: '', subject: '', preheader: '', blocks: [{ type: 'heading', text: 'Welcome, {{first_name|friend}}', level: 1 }, { type: 'text', markdown: '' }] };

export function TemplateEditorDialog({ template, onClose }: { template: EmailTemplate | null; onClose(): void }) {
  const change = useChangeEmailTemplate();
  return (
    <EmailEditorDialog<TemplateValues>
      title={template ? emailCopy.templates.dialogEdit : emailCopy.templates.dialogNew}
      nameLabel={emailCopy.templates.name}
      initialValues={template ? { name: template.name, subject: template.subject, preheader: template.preheader, blocks: template.blocks } : BLANK}
      isSaving={change.isPending}
      onClose={onClose}
      save={(values) => change.mutateAsync({ op: 'save', id: template?.id ?? null, values })}
    />
  );
}

import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { OptionSelect } from '@/components/option-select';
import { emailCopy } from '@/config/email-copy';
import type { EmailCampaign } from '@/features/email/api/get-email-campaigns';
import { useEmailLists } from '@/features/email/api/get-email-lists';
import { useEmailTemplates } from '@/features/email/api/get-email-templates';
import { useChangeEmailCampaign, type CampaignValues } from '@/features/email/api/save-email-campaign';
import { EmailEditorDialog } from './email-editor-dialog';

const copy = emailCopy.editor;
const BLANK: CampaignValues = { name: '', subject: '', preheader: '', blocks: [{ type: 'heading', text: 'Hello {{first_name|there}}', level: 1 }, { type: 'text', markdown: '' }], list_ids: [], template_id: null };

/** Create or edit a draft campaign: name, lists, a template to start from (new ones), content and preview. */
export function CampaignEditorDialog({ campaign, onClose }: { campaign: EmailCampaign | null; onClose(): void }) {
  const lists = useEmailLists();
  const templates = useEmailTemplates();
  const change = useChangeEmailCampaign();
  const initial: CampaignValues = campaign ? { name: campaign.name, subject: campaign.subject, preheader: campaign.preheader, blocks: campaign.blocks, list_ids: campaign.list_ids, template_id: campaign.template_id } : BLANK;
  return (
    <EmailEditorDialog<CampaignValues>
      title={campaign ? copy.editTitle : copy.newTitle}
      nameLabel={copy.name}
      initialValues={initial}
      isSaving={change.isPending}
      onClose={onClose}
      save={(values) => change.mutateAsync({ op: 'save', id: campaign?.id ?? null, values })}
      extra={({ values, onChange }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{copy.lists}</legend>
            <p className="text-xs text-muted-foreground">{copy.listsHint}</p>
            {(lists.data ?? []).map((list) => (
              <label key={list.id} className="flex items-center gap-2 text-sm">
                <Checkbox
                  checked={values.list_ids.includes(list.id)}
                  onCheckedChange={(checked) => onChange({ ...values, list_ids: checked ? [...values.list_ids, list.id] : values.list_ids.filter((id) => id !== list.id) })}
                />
                {list.name} <span className="text-muted-foreground">({list.confirmed.toLocaleString('en-US')})</span>
              </label>
            ))}
          </fieldset>
          {!campaign && templates.data?.length ? (
            <FormField label={copy.fromTemplate}>
              <OptionSelect<string>
                value={values.template_id ?? ''}
                options={[{ value: '', label: copy.noTemplate }, ...templates.data.map((template) => ({ value: template.id, label: template.name }))]}
                onChange={(id) => {
                  const template = templates.data.find((entry) => entry.id === id);
                  onChange(template ? { ...values, template_id: id, subject: template.subject, preheader: template.preheader, blocks: template.blocks } : { ...values, template_id: null });
                }}
              />
            </FormField>
          ) : null}
        </div>
      )}
    />
  );
}

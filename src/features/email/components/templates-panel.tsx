import { LayoutTemplate, Plus } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { emailCopy } from '@/config/email-copy';
import { useEmailTemplates, type EmailTemplate } from '@/features/email/api/get-email-templates';
import { useChangeEmailTemplate } from '@/features/email/api/save-email-template';
import { useSendEmailTest } from '@/features/email/api/send-email-test';
import { useWorkspace } from '@/lib/workspace';
import { TemplateEditorDialog } from './template-editor-dialog';

const copy = emailCopy.templates;

export function TemplatesPanel({ workerAlive }: { workerAlive: boolean }) {
  const { canWrite } = useWorkspace();
  const templates = useEmailTemplates();
  const change = useChangeEmailTemplate();
  const test = useSendEmailTest();
  const [editing, setEditing] = useState<EmailTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<EmailTemplate | null>(null);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <h2 className="text-lg font-semibold">{copy.heading}</h2>
        {canWrite ? (
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            {copy.create}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {templates.isPending ? (
          <ListStatus kind="loading" title={copy.loading} />
        ) : templates.isError ? (
          <ListStatus kind="error" title={emailCopy.loadFailed} />
        ) : templates.data.length === 0 ? (
          <ListStatus kind="empty" icon={LayoutTemplate} title={copy.empty} />
        ) : (
          <ul className="divide-y">
            {templates.data.map((template) => (
              <li key={template.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <h3 className="truncate font-medium">{template.name}</h3>
                  <p className="truncate text-sm text-muted-foreground">{template.subject || '—'}</p>
                </div>
                {canWrite ? (
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" variant="outline" onClick={() => setEditing(template)} aria-label={`${copy.edit}: ${template.name}`}>
                      {copy.edit}
                    </Button>
                    {workerAlive ? (
                      <Button size="sm" variant="outline" disabled={test.isPending} onClick={() => test.mutate({ templateId: template.id })} aria-label={`${copy.sendTest}: ${template.name}`}>
                        {copy.sendTest}
                      </Button>
                    ) : null}
                    <Button size="sm" variant="ghost" onClick={() => setDeleting(template)} aria-label={`${copy.delete}: ${template.name}`}>
                      {copy.delete}
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {editing ? <TemplateEditorDialog key={editing === 'new' ? 'new' : editing.id} template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={copy.deleteTitle}
        description={copy.deleteDescription}
        confirmLabel={copy.delete}
        pendingLabel="..."
        cancelLabel={emailCopy.editor.cancel}
        isPending={change.isPending}
        onConfirm={() => deleting && change.mutate({ op: 'delete', id: deleting.id }, { onSettled: () => setDeleting(null) })}
      />
    </Card>
  );
}

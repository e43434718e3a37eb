import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { backendFromPage } from '@/config/env';
import { emailCopy } from '@/config/email-copy';
import { paths } from '@/config/paths';
import type { EmailList } from '@/features/email/api/get-email-lists';
import { subscribeSnippet } from '@/features/email/utils/subscribe-snippet';

const copy = emailCopy.subscribeForm;

/** A list's public form: the hosted page's address and the embeddable snippet, each to copy. */
export function SubscribeFormDialog({ list, onClose }: { list: EmailList; onClose(): void }) {
  const [copied, setCopied] = useState<string | null>(null);
  const hostedUrl = `${window.location.origin}${paths.emailSubscribe(list.form_token)}`;
  const backend = backendFromPage();
  const snippet = subscribeSnippet({ apiUrl: backend.url, anonKey: backend.anonKey, formToken: list.form_token, hostedUrl, listName: list.name });
  async function copy_(value: string, what: string) {
    await navigator.clipboard?.writeText(value).catch(() => {});
    setCopied(what);
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{`${copy.title}: ${list.name}`}</DialogTitle>
          <DialogDescription>{copy.description}</DialogDescription>
        </DialogHeader>
        {!list.form_enabled ? <p className="text-sm font-medium">{copy.closed}</p> : null}
        <div className="space-y-4">
          <FormField label={copy.hosted}>
            <Input readOnly value={hostedUrl} onFocus={(event) => event.target.select()} />
          </FormField>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => void copy_(hostedUrl, 'hosted')}>
              {copied === 'hosted' ? copy.copied : copy.copy}
            </Button>
            <a className="text-sm underline" href={hostedUrl} target="_blank" rel="noreferrer">
              {copy.hosted}
            </a>
          </div>
          <FormField label={copy.snippet}>
            <Textarea readOnly rows={8} value={snippet} className="font-mono text-xs" onFocus={(event) => event.target.select()} />
          </FormField>
          <Button variant="outline" size="sm" onClick={() => void copy_(snippet, 'snippet')}>
            {copied === 'snippet' ? copy.copied : copy.copy}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

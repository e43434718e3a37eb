import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { emailCopy } from '@/config/email-copy';
import type { EmailContent } from '@/lib/email-template/email-blocks';
import { SAMPLE_MERGE_VALUES } from '@/lib/email-template/merge-fields';
import { personaliseEmail, renderEmail } from '@/lib/email-template/render-email';
import { cn } from '@/lib/utils';

type Mode = 'phone' | 'desktop' | 'text';
const WIDTH: Record<Exclude<Mode, 'text'>, string> = { phone: 'w-[375px] max-w-full', desktop: 'w-full' };

/**
 * The message as a recipient sees it, rendered by the same code the worker sends with (react-email), filled with
 * sample merge values: at a phone's width (375 px), at a desktop's, or its plain-text part. The HTML sits in a
 * sandboxed frame (no script can run; links do not navigate the app).
 */
export function EmailPreview({ content, workspaceName }: { content: EmailContent; workspaceName: string }) {
  const [mode, setMode] = useState<Mode>('desktop');
  const message = useMemo(() => {
    const rendered = renderEmail({ content, workspaceName, reason: 'You subscribed to this list.' });
    return personaliseEmail(rendered, { ...SAMPLE_MERGE_VALUES, workspace_name: workspaceName }, { unsubscribeUrl: '#unsubscribe', openPixel: '', link: (index) => rendered.links[index] ?? '#' });
  }, [content, workspaceName]);
  return (
    <section aria-label={emailCopy.preview.heading} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{emailCopy.preview.heading}</h3>
        <div role="group" aria-label={emailCopy.preview.heading} className="flex gap-1">
          {(['phone', 'desktop', 'text'] as const).map((option) => (
            <Button key={option} type="button" size="sm" variant={mode === option ? 'default' : 'outline'} aria-pressed={mode === option} onClick={() => setMode(option)}>
              {emailCopy.preview[option]}
            </Button>
          ))}
        </div>
      </div>
      <p className="truncate text-sm">
        <span className="font-medium">{message.subject || '—'}</span>
      </p>
      {mode === 'text' ? (
        <pre className="max-h-[480px] overflow-auto whitespace-pre-wrap rounded-md border bg-muted/40 p-3 text-xs">{message.text}</pre>
      ) : (
        <div className="flex justify-center overflow-hidden rounded-md border bg-muted/40 p-2">
          <iframe title={emailCopy.preview.frameTitle(emailCopy.preview[mode])} sandbox="" srcDoc={message.html} className={cn('h-[480px] rounded bg-white', WIDTH[mode])} />
        </div>
      )}
    </section>
  );
}

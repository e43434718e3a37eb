import { Copy } from 'lucide-react';
import { useId, useRef } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { teamCopy } from '@/config/team-copy';
import { copyText } from '@/lib/copy-text';

/** The invitation link, readable and selectable, with "Copy invitation link" (works on every backend). */
export function InvitationLinkField({ link }: { link: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);

  async function handleCopy() {
    if (await copyText(link, input.current)) toast.success(teamCopy.copied);
    else toast.error(teamCopy.copyFailed);
  }

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{teamCopy.linkLabel}</Label>
      <div className="flex gap-2">
        <Input ref={input} id={id} value={link} readOnly onFocus={(event) => event.currentTarget.select()} className="font-mono text-xs" />
        <Button type="button" variant="outline" onClick={() => void handleCopy()}>
          <Copy aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{teamCopy.copyLink}</span>
        </Button>
      </div>
    </div>
  );
}

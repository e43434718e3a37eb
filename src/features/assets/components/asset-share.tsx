import { Copy, Link2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { assetCopy } from '@/config/asset-copy';
import { shareLinkExpiries } from '@/config/asset-options';
import { useCreateShareLink } from '@/features/assets/api/create-share-link';
import type { AssetVersion } from '@/features/assets/api/asset-types';
import { formatDateTime } from '@/lib/format';

/** A link to the current file that works signed out until it expires (a Storage signed URL). */
export function AssetShare({ version }: { version: AssetVersion }) {
  const copy = assetCopy.share;
  const [seconds, setSeconds] = useState<string>(String(shareLinkExpiries[1].value));
  const share = useCreateShareLink();

  async function handleCopy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(copy.copied);
    } catch {
      // The link stays selectable in its field.
    }
  }

  return (
    <section aria-labelledby="asset-share-title" className="space-y-3">
      <div>
        <h3 id="asset-share-title" className="font-semibold">
          {copy.title}
        </h3>
        <p className="text-sm text-muted-foreground">{copy.description}</p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <FormField label={copy.expiry} className="w-40">
          <OptionSelect value={seconds} options={shareLinkExpiries.map((option) => ({ value: String(option.value), label: option.label }))} onChange={setSeconds} />
        </FormField>
        <Button type="button" variant="outline" disabled={share.isPending} onClick={() => share.mutate({ objectPath: version.object_path, fileName: version.file_name, seconds: Number(seconds) })}>
          <Link2 aria-hidden="true" />
          {share.isPending ? copy.creating : copy.create}
        </Button>
      </div>
      {share.data ? (
        <div className="space-y-1">
          <div className="flex gap-2">
            <Input readOnly aria-label={copy.link} value={share.data.url} onFocus={(event) => event.target.select()} />
            <Button type="button" variant="secondary" onClick={() => void handleCopy(share.data.url)}>
              <Copy aria-hidden="true" />
              {copy.copy}
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">{copy.expires(formatDateTime(share.data.expiresAt))}</p>
        </div>
      ) : null}
    </section>
  );
}

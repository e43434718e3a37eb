import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { assetCopy } from '@/config/asset-copy';
import type { AssetVersion } from '@/features/assets/api/asset-types';
import { formatBytes, formatDuration, kindLabel } from '@/features/assets/utils/asset-display';
import { ASSETS_BUCKET } from '@/lib/asset-urls';
import { formatDateTime } from '@/lib/format';
import { supabase } from '@/lib/supabase';

/** What the current file is (type, size, dimensions, length, who uploaded it and when), and its download. */
export function AssetFacts({ kind, version }: { kind: string; version: AssetVersion }) {
  const copy = assetCopy.detail;
  const [isPreparing, setIsPreparing] = useState(false);
  const length = formatDuration(version.duration_seconds);
  const facts: [string, string][] = [
    [copy.file, version.file_name],
    [copy.type, `${kindLabel(kind)} (${version.mime_type})`],
    [copy.size, formatBytes(version.size_bytes)],
    ...(version.width && version.height ? ([[copy.dimensions, `${version.width} × ${version.height} px`]] as [string, string][]) : []),
    ...(length ? ([[copy.duration, length]] as [string, string][]) : []),
    [copy.uploadedBy, version.uploaded_by_name ?? assetCopy.review.formerMember],
    [copy.uploadedAt, version.completed_at ? formatDateTime(version.completed_at) : '—'],
    [copy.version, String(version.number)],
  ];

  async function handleDownload() {
    setIsPreparing(true);
    const { data, error } = await supabase.storage.from(ASSETS_BUCKET).createSignedUrl(version.object_path, 60, { download: version.file_name });
    setIsPreparing(false);
    if (error || !data) {
      console.error('Preparing a download:', error);
      toast.error(assetCopy.errors.saveFailed, { description: assetCopy.errors.tryAgain });
      return;
    }
    window.location.assign(data.signedUrl);
  }

  return (
    <section aria-labelledby="asset-facts-title" className="space-y-3">
      <h3 id="asset-facts-title" className="font-semibold">
        {copy.metadata}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <Button type="button" variant="outline" size="sm" onClick={() => void handleDownload()} disabled={isPreparing} aria-busy={isPreparing || undefined}>
        <Download aria-hidden="true" />
        {copy.download}
      </Button>
    </section>
  );
}

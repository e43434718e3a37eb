import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { assetCopy } from '@/config/asset-copy';
import { MAX_FILES_PER_DROP } from '@/config/asset-options';
import { UploadDropzone } from '@/features/assets/components/upload-dropzone';
import { UploadQueueList } from '@/features/assets/components/upload-queue-list';
import type { UploadQueue } from '@/features/assets/upload/use-upload-queue';
import { toast } from '@/lib/toast';

/** Uploading: the drop area (members and up) and the queue of this page's uploads. */
export function UploadPanel({ queue, canWrite }: { queue: UploadQueue; canWrite: boolean }) {
  const copy = assetCopy.upload;
  function handleFiles(files: File[]) {
    if (files.length > MAX_FILES_PER_DROP) toast.info(copy.tooMany(MAX_FILES_PER_DROP));
    queue.add(files.slice(0, MAX_FILES_PER_DROP));
  }
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-xl">{copy.title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {canWrite ? <UploadDropzone onFiles={handleFiles} /> : <p className="text-sm text-muted-foreground">{copy.readOnly}</p>}
        <UploadQueueList queue={queue} />
      </CardContent>
    </Card>
  );
}

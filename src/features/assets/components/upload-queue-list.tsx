import { Pause, RotateCw, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { assetCopy } from '@/config/asset-copy';
import type { UploadQueue } from '@/features/assets/upload/use-upload-queue';
import { isFinished, percentOf, type UploadItem } from '@/features/assets/upload/upload-queue';
import { formatBytes } from '@/features/assets/utils/asset-display';
import { cn } from '@/lib/utils';

function statusText(item: UploadItem): string {
  const status = assetCopy.upload.status;
  if (item.state === 'uploading') return status.uploading(percentOf(item));
  if (item.state === 'failed') return item.error ? `${status.failed}: ${item.error}` : status.failed;
  return status[item.state];
}

/** Each upload with its progress and what can be done with it: cancel, resume, remove from the list. */
export function UploadQueueList({ queue }: { queue: UploadQueue }) {
  const copy = assetCopy.upload;
  if (queue.items.length === 0) return null;
  const hasFinished = queue.items.some(isFinished);
  return (
    <section aria-labelledby="upload-queue-title" className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id="upload-queue-title" className="font-semibold">
          {copy.queueTitle}
        </h3>
        {hasFinished ? (
          <Button type="button" variant="ghost" size="sm" onClick={queue.clearFinished}>
            {copy.clearFinished}
          </Button>
        ) : null}
      </div>
      <ul className="divide-y rounded-md border">
        {queue.items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3" data-state={item.state}>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{item.name}</p>
              <p className={cn('text-xs', item.state === 'failed' ? 'text-destructive' : 'text-muted-foreground')} aria-live="polite">
                {formatBytes(item.size)} · {statusText(item)}
              </p>
            </div>
            <div
              role="progressbar"
              aria-label={copy.progressLabel(item.name)}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percentOf(item)}
              className="order-last h-1.5 w-full overflow-hidden rounded-full bg-muted"
            >
              <div className={cn('h-full', item.state === 'failed' ? 'bg-destructive' : item.state === 'paused' ? 'bg-yellow-500' : 'bg-primary')} style={{ width: `${percentOf(item)}%` }} />
            </div>
            {item.state === 'paused' ? (
              <Button type="button" variant="outline" size="sm" onClick={() => queue.resume(item.id)} aria-label={copy.resumeLabel(item.name)}>
                <RotateCw aria-hidden="true" />
                {copy.resume}
              </Button>
            ) : null}
            {!isFinished(item) && item.state !== 'completing' ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => void queue.cancel(item.id)} aria-label={copy.cancelLabel(item.name)}>
                {item.state === 'paused' ? <Pause aria-hidden="true" /> : <X aria-hidden="true" />}
                {copy.cancel}
              </Button>
            ) : null}
            {isFinished(item) ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => queue.remove(item.id)} aria-label={copy.removeLabel(item.name)}>
                {copy.remove}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

import { AlertTriangle } from 'lucide-react';
import { emailCopy } from '@/config/email-copy';

/** Said instead of letting campaigns wait forever: no worker runs, so nothing can be sent now. */
export function SendingStatusNotice() {
  return (
    <div role="alert" className="flex gap-3 rounded-md border border-yellow-300 bg-yellow-50 p-4 text-sm text-yellow-950">
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-semibold">{emailCopy.noWorker.title}</p>
        <p>{emailCopy.noWorker.description}</p>
      </div>
    </div>
  );
}

import { messages } from '@/config/messages';

/**
 * What the visitor sees while the browser proves its work (the form is under load): why, and how far it got. The
 * live region is always there, so a screen reader announces the explanation when it appears (not every percent:
 * the bar itself is not live).
 */
export function ContactFormVerifying({ percent }: { percent: number | null }) {
  return (
    // Empty, it takes no room: its margin goes and the form's gap stays as it was.
    <div role="status" aria-live="polite" className="empty:mb-0">
      {percent !== null && (
        <div className="space-y-2 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
          <p>{messages.contact.verifyingStatus}</p>
          <div
            role="progressbar"
            aria-label={messages.contact.verifyingProgress}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full overflow-hidden rounded-full bg-sky-100"
          >
            <div className="h-full rounded-full bg-sky-600 transition-[width] duration-200 motion-reduce:transition-none" style={{ width: `${percent}%` }} />
          </div>
        </div>
      )}
    </div>
  );
}

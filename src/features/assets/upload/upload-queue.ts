import { MAX_FILES_PER_DROP } from '@/config/asset-options';

/**
 * The uploads of a page, as a pure state machine (the effects are in use-upload-queue.ts):
 *
 *   waiting → reserving → uploading → completing → done
 *                 │            │  ↑         │
 *                 │            ↓  │ resume   │
 *                 │          paused         │
 *                 └──── failed / cancelled ─┘
 *
 * A few files upload at once (MAX_ACTIVE), the rest wait in order. `paused` is an upload whose connection dropped
 * past tus-js-client's own retries: it resumes from the server's offset. Cancelled and failed uploads have been
 * cleaned up (the reservation and any partial upload removed) by the time they reach that state.
 */

export type UploadState = 'waiting' | 'reserving' | 'uploading' | 'paused' | 'completing' | 'done' | 'cancelled' | 'failed';

export interface UploadItem {
  id: string;
  name: string;
  size: number;
  type: string;
  state: UploadState;
  /** Bytes the server has. */
  sent: number;
  error: string | null;
  /** A new version of this asset rather than a new asset. */
  replaceAssetId: string | null;
  /** Set once reserved. */
  assetId: string | null;
  versionId: string | null;
}

export const MAX_ACTIVE = 2;

export type UploadAction =
  | { type: 'added'; files: { id: string; name: string; size: number; type: string }[]; replaceAssetId?: string | null }
  | { type: 'reserving'; id: string }
  | { type: 'reserved'; id: string; assetId: string; versionId: string }
  | { type: 'progress'; id: string; sent: number }
  | { type: 'paused'; id: string; error: string }
  | { type: 'resumed'; id: string }
  | { type: 'completing'; id: string }
  | { type: 'done'; id: string }
  | { type: 'failed'; id: string; error: string }
  | { type: 'cancelled'; id: string }
  | { type: 'removed'; id: string }
  | { type: 'clearedFinished' };

const FINISHED: readonly UploadState[] = ['done', 'cancelled', 'failed'];
export const isFinished = (item: UploadItem) => FINISHED.includes(item.state);
/** Holding a place among the MAX_ACTIVE (a paused upload keeps its place: it is resumed, not restarted). */
export const isActive = (item: UploadItem) => ['reserving', 'uploading', 'paused', 'completing'].includes(item.state);

/** Which transitions each action may make, from which states: anything else leaves the item as it is. */
const FROM: Record<Exclude<UploadAction['type'], 'added' | 'removed' | 'clearedFinished'>, readonly UploadState[]> = {
  reserving: ['waiting'],
  reserved: ['reserving'],
  progress: ['uploading'],
  paused: ['uploading'],
  resumed: ['paused'],
  completing: ['uploading'],
  done: ['completing'],
  failed: ['waiting', 'reserving', 'uploading', 'paused', 'completing'],
  cancelled: ['waiting', 'reserving', 'uploading', 'paused'],
};

function change(items: UploadItem[], id: string, allowed: readonly UploadState[], patch: Partial<UploadItem>): UploadItem[] {
  return items.map((item) => (item.id === id && allowed.includes(item.state) ? { ...item, ...patch } : item));
}

export function uploadQueueReducer(items: UploadItem[], action: UploadAction): UploadItem[] {
  switch (action.type) {
    case 'added': {
      const room = Math.max(0, MAX_FILES_PER_DROP - items.filter((item) => !isFinished(item)).length);
      const added = action.files.slice(0, room).map((file) => ({
        ...file, state: 'waiting' as const, sent: 0, error: null, replaceAssetId: action.replaceAssetId ?? null, assetId: null, versionId: null,
      }));
      return [...items, ...added];
    }
    case 'reserving':
      return change(items, action.id, FROM.reserving, { state: 'reserving', error: null });
    case 'reserved':
      return change(items, action.id, FROM.reserved, { state: 'uploading', assetId: action.assetId, versionId: action.versionId });
    case 'progress':
      return change(items, action.id, FROM.progress, { sent: action.sent });
    case 'paused':
      return change(items, action.id, FROM.paused, { state: 'paused', error: action.error });
    case 'resumed':
      return change(items, action.id, FROM.resumed, { state: 'uploading', error: null });
    case 'completing':
      return items.map((item) => (item.id === action.id && item.state === 'uploading' ? { ...item, state: 'completing', sent: item.size } : item));
    case 'done':
      return change(items, action.id, FROM.done, { state: 'done' });
    case 'failed':
      return change(items, action.id, FROM.failed, { state: 'failed', error: action.error });
    case 'cancelled':
      return change(items, action.id, FROM.cancelled, { state: 'cancelled', error: null });
    case 'removed':
      return items.filter((item) => item.id !== action.id || !isFinished(item));
    case 'clearedFinished':
      return items.filter((item) => !isFinished(item));
  }
}

/** The waiting items to start now, oldest first, within MAX_ACTIVE. */
export function nextToStart(items: readonly UploadItem[]): UploadItem[] {
  const free = MAX_ACTIVE - items.filter(isActive).length;
  return free > 0 ? items.filter((item) => item.state === 'waiting').slice(0, free) : [];
}

/** Percent of one upload (0-100, whole). */
export const percentOf = (item: Pick<UploadItem, 'sent' | 'size'>) => (item.size > 0 ? Math.min(100, Math.floor((item.sent / item.size) * 100)) : 100);

/** How many are still to finish; whether any upload runs (the page warns before it is left). */
export function queueSummary(items: readonly UploadItem[]) {
  const open = items.filter((item) => !isFinished(item));
  return { open: open.length, isBusy: open.length > 0, done: items.filter((item) => item.state === 'done').length };
}

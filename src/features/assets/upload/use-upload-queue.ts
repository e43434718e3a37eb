import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { toast } from '@/lib/toast';
import { assetCopy } from '@/config/asset-copy';
import { cancelAssetUpload, completeAssetUpload, reserveAssetUpload } from '@/features/assets/api/asset-uploads';
import { assetKeys } from '@/features/assets/api/keys';
import { assetErrorDescription } from '@/features/assets/utils/asset-errors';
import { measureMedia } from '@/features/assets/upload/media-metadata';
import { objectKeyOf } from '@/features/assets/upload/object-key';
import { createTusUpload, type TusUpload } from '@/features/assets/upload/tus-upload';
import { isFinished, nextToStart, queueSummary, uploadQueueReducer, type UploadItem } from '@/features/assets/upload/upload-queue';
import { useWorkspace } from '@/lib/workspace';

/**
 * The page's uploads (upload-queue.ts is the state machine; this hook does the work): each file is reserved against
 * the quota, sent over TUS, completed; a few at a time. Cancel terminates the TUS upload and removes the reservation,
 * so nothing is left half-stored; an upload whose connection stayed down pauses and resumes on demand or when the
 * browser is online again. Leaving the page while uploads run asks first; leaving the screen cancels them cleanly.
 */
export function useUploadQueue() {
  const [items, dispatch] = useReducer(uploadQueueReducer, []);
  const files = useRef(new Map<string, File>());
  const uploads = useRef(new Map<string, TusUpload>());
  const started = useRef(new Set<string>());
  const latest = useRef(items);
  useEffect(() => {
    latest.current = items;
  }, [items]);
  const workspaceId = useWorkspace().current?.id ?? null;
  const queryClient = useQueryClient();

  const fail = useCallback((item: Pick<UploadItem, 'id' | 'name' | 'versionId'>, error: unknown) => {
    console.error(`Upload of ${item.name} failed:`, error);
    const description = assetErrorDescription(error);
    dispatch({ type: 'failed', id: item.id, error: description });
    toast.error(assetCopy.errors.uploadFailed(item.name), { description });
    uploads.current.delete(item.id);
    if (item.versionId) void cancelAssetUpload(item.versionId).catch(() => undefined);
  }, []);

  const begin = useCallback(
    async (item: UploadItem) => {
      const file = files.current.get(item.id);
      if (!file || !workspaceId) return;
      dispatch({ type: 'reserving', id: item.id });
      let reservation;
      try {
        reservation = await reserveAssetUpload({ workspaceId, fileName: file.name, objectKey: objectKeyOf(file.name), mimeType: file.type, size: file.size, replaceAssetId: item.replaceAssetId });
      } catch (error) {
        fail(item, error);
        return;
      }
      const reserved = { ...item, versionId: reservation.versionId };
      dispatch({ type: 'reserved', id: item.id, assetId: reservation.assetId, versionId: reservation.versionId });
      const upload = await createTusUpload(file, reservation.objectPath, {
        onProgress: (sent) => dispatch({ type: 'progress', id: item.id, sent }),
        onError: (error, isFinal) => {
          if (isFinal) fail(reserved, error);
          else dispatch({ type: 'paused', id: item.id, error: error.message });
        },
        onSuccess: () => {
          dispatch({ type: 'completing', id: item.id });
          void measureMedia(file)
            .then((media) => completeAssetUpload(reservation.versionId, media))
            .then((outcome) => {
              if (outcome !== 'ready') throw new Error(outcome);
              dispatch({ type: 'done', id: item.id });
              uploads.current.delete(item.id);
              files.current.delete(item.id);
              void queryClient.invalidateQueries({ queryKey: assetKeys.all });
            })
            .catch((error: unknown) => fail(reserved, error));
        },
      });
      // Cancelled while the library loaded.
      if (latest.current.find((entry) => entry.id === item.id)?.state === 'cancelled') return void upload.terminate();
      uploads.current.set(item.id, upload);
      upload.start();
    },
    [workspaceId, fail, queryClient],
  );

  useEffect(() => {
    for (const item of nextToStart(items)) {
      if (started.current.has(item.id)) continue;
      started.current.add(item.id);
      void begin(item);
    }
  }, [items, begin]);

  const add = useCallback((chosen: File[], replaceAssetId: string | null = null) => {
    const usable = chosen.filter((file) => {
      if (file.size > 0) return true;
      toast.error(assetCopy.upload.empty(file.name));
      return false;
    });
    const entries = usable.map((file) => ({ id: crypto.randomUUID(), name: file.name, size: file.size, type: file.type }));
    entries.forEach((entry, index) => files.current.set(entry.id, usable[index]!));
    dispatch({ type: 'added', files: entries, replaceAssetId });
  }, []);

  const cancel = useCallback(async (id: string) => {
    const item = latest.current.find((entry) => entry.id === id);
    if (!item || isFinished(item) || item.state === 'completing') return;
    dispatch({ type: 'cancelled', id });
    await uploads.current.get(id)?.terminate();
    uploads.current.delete(id);
    if (item.versionId) await cancelAssetUpload(item.versionId).catch((error: unknown) => console.error('Cancelling an upload:', error));
  }, []);

  const resume = useCallback((id: string) => {
    const upload = uploads.current.get(id);
    if (!upload) return;
    dispatch({ type: 'resumed', id });
    upload.start();
  }, []);

  // Back online: paused uploads go on by themselves.
  useEffect(() => {
    const onOnline = () => latest.current.filter((item) => item.state === 'paused').forEach((item) => resume(item.id));
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [resume]);

  const { isBusy } = queueSummary(items);
  useEffect(() => {
    if (!isBusy) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = assetCopy.upload.leaveWarning;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isBusy]);

  // Leaving the screen: unfinished uploads are cancelled cleanly rather than left half-done.
  useEffect(() => () => void latest.current.forEach((item) => void cancel(item.id)), [cancel]);

  return {
    items,
    add,
    cancel,
    resume,
    remove: (id: string) => dispatch({ type: 'removed', id }),
    clearFinished: () => dispatch({ type: 'clearedFinished' }),
  };
}

export type UploadQueue = ReturnType<typeof useUploadQueue>;

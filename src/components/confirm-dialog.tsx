import { lazyDialog } from '@/components/lazy-dialog';

/**
 * A destructive action's confirmation (Radix AlertDialog: focus trapped, Escape cancels, focus starts on Cancel).
 * It stays open while the action runs and cannot be dismissed meanwhile; the caller closes it when done. Its code
 * loads when it first opens (`lazyDialog`); the dialog itself is `confirm-dialog-content.tsx`.
 */
export const ConfirmDialog = lazyDialog(() => import('@/components/confirm-dialog-content').then((module) => module.ConfirmDialogContent));

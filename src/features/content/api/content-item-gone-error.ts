import { RowGoneError } from '@/lib/access-lost';

/**
 * The update or delete changed nothing: the item was deleted (by another member) since the list was loaded, or the
 * user may no longer change it (useAccessCheckedWrite tells these apart).
 */
export class ContentItemGoneError extends RowGoneError {
  override name = 'ContentItemGoneError';
}

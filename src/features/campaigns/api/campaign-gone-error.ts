import { RowGoneError } from '@/lib/access-lost';

/**
 * The update or delete changed nothing: the campaign was deleted (by another member) since the list was loaded, or the
 * user may no longer change it (useAccessCheckedWrite tells these apart).
 */
export class CampaignGoneError extends RowGoneError {
  override name = 'CampaignGoneError';
}

/** The row was deleted (by another member) since the list was loaded: the update or delete changed nothing. */
export class ContentItemGoneError extends Error {
  override name = 'ContentItemGoneError';
}

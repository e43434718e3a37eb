/** Under a load-error panel's title: what happened, in plain words, never the server's own text. */
export const loadFailureCopy = {
  unreachable: 'The server could not be reached. Check your connection, then try again.',
  'not-allowed': 'This account may not see this list right now. Sign in again if it keeps happening, then try again.',
  server: 'The server could not send it just now. Nothing was lost: try again in a moment.',
} as const;

/** The button of a load-error panel. */
export const LOAD_RETRY_LABEL = 'Try again';

/** The words of the posts import (loaded with its dialog, not with the Social Hub's first load). */
export const importPostsCopy = {
  title: 'Import posts',
  description: (timeZone: string) =>
    `A CSV file with a post per line: its text, the accounts to post to (by handle or name, separated by commas), when to publish (2026-12-01 09:30, in the workspace's time zone ${timeZone}; empty for a draft) and, if you like, a text of its own for Bluesky, Mastodon or the webhook. Each line is checked like a post in the composer; lines with problems are listed and left out. Scheduled posts wait for approval when the workspace asks for it.`,
  loadingAccounts: 'Loading the workspace’s accounts…',
  accountsFailed: 'The workspace’s accounts could not be loaded, so the file cannot be checked. Close this and try again.',
  mappingNotSaved: 'The column choice could not be remembered for next time.',
  failed: 'The import stopped.',
  refused: (count: number) => (count === 1 ? '1 line was refused: the summary says why.' : `${count} lines were refused: the summary says why.`),
  imported: (count: number) => (count === 1 ? '1 post imported.' : `${count} posts imported.`),
  nothingImported: 'Nothing was imported.',
  partlyImported: (count: number) => `${count} ${count === 1 ? 'post was' : 'posts were'} imported before it stopped.`,
};

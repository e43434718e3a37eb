/** Words of the composer's link card (loaded with it, not with the Social Hub's first load). */
export const socialLinkCardCopy = {
  region: 'Link preview',
  loading: 'Fetching the link’s preview…',
  slow: 'The preview is taking longer than usual. You can save the post without waiting: its card is added when it arrives.',
  none: 'No preview for this link.',
  noneWhy: (reason: string) => `No preview for this link: ${reason}`,
  failed: (message: string) => `The preview could not be asked for: ${message}`,
  card: (title: string) => `Link card: ${title}`,
} as const;

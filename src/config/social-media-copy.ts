/** Words of the composer's media and preview (loaded with them, not with the Social Hub's first load). */
export const socialMediaCopy = {
  title: 'Images and video',
  hint: 'Approved assets of the Creative Studio only. Describe each one for people who cannot see it.',
  add: 'Add image or video',
  remove: (name: string) => `Remove ${name}`,
  alt: (name: string) => `Alt text for ${name}`,
  altPlaceholder: 'What is in the picture?',
  previewTitle: 'Preview',
  phone: 'Phone',
  desktop: 'Desktop',
  width: 'Preview width',
  noChannels: 'Choose an account to see the post as its network shows it.',
  linkCard: 'Link card',
};

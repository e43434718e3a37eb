/** Words of the Social Hub's figures card (loaded with it). */
export const figuresCopy = {
  title: 'Engagement',
  description: 'What Bluesky and Mastodon report for your published posts, fetched a few minutes after publishing and then hourly, and the visits your own sites’ analytics counted through the posts’ links (tagged utm_medium=social).',
  loading: 'Loading figures…',
  failed: 'The figures could not be loaded.',
  totals: { posts: 'Posts published', likes: 'Likes', reposts: 'Reposts and boosts', replies: 'Replies', clicks: 'Clicks to your sites' },
  clicksShort: (count: string) => `${count} clicks`,
  perPost: 'Per post and account',
  pending: 'Figures come with the next fetch.',
  view: 'View post',
  unknownAccount: 'Removed account',
  sampleNote: 'Nothing published yet: these are example figures until your first post goes out.',
};

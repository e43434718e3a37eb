/**
 * The messages of spec §8 that the public pages need on their first load (site header, hero audio, 404 page), apart
 * so that the first load of / does not carry every admin, account and content message (`messages.ts` includes these).
 */
export const publicMessages = {
  siteConfig: {
    loadFailed: 'Failed to load site configuration',
    outsideProvider: 'useSiteConfig must be used within a SiteConfigProvider',
  },
  audio: {
    play: 'Play Audio',
    stop: 'Stop Audio',
    unsupported: 'Your browser does not support the audio element.',
  },
  notFound: {
    code: '404',
    title: 'Oops! Page not found',
    backHome: 'Return to Home',
  },
} as const;

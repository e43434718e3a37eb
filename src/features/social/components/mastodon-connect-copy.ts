/** The words of connecting Mastodon with OAuth (the connect dialog's Mastodon part and the callback page). */
export const mastodonConnectCopy = {
  instance: 'Your Mastodon server',
  instanceHint: 'The server you signed up on, for example mastodon.social. You sign in there and allow Beyond Brochures to post.',
  continue: 'Continue on your server',
  preparing: 'Preparing the sign-in…',
  useToken: 'Paste an access token instead',
  title: 'Connecting Mastodon',
  working: 'Checking the sign-in with your Mastodon server…',
  connected: (name: string) => `${name} is connected. Posts can go out from it now.`,
  denied: 'You did not allow Beyond Brochures to post on Mastodon, so nothing was connected. You can start again at any time.',
  deniedBecause: (reason: string) => `Mastodon answered: ${reason}`,
  incomplete: 'This page was opened without a sign-in from a Mastodon server started in this browser. Start connecting from the Social Hub.',
  failed: 'Mastodon could not be connected.',
  back: 'Back to the Social Hub',
};

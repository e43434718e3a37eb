/**
 * Copy of sign-in links, two-factor sign-in and the Account security page (issue 32), apart from account-copy.ts so
 * the screens that do not use it do not load it.
 */

/** "Email me a sign-in link" on /auth. */
export const signInLinkCopy = {
  switchToLink: 'Email me a sign-in link',
  switchToPassword: 'Sign in with your password instead',
  description: 'We e-mail you a link that signs you in: no password needed. It works once.',
  send: 'Email me a sign-in link',
  sending: 'Sending...',
  sentTitle: 'Check your e-mail',
  sent: (email: string) => `We sent a sign-in link to ${email}. Open it on this device to sign in.`,
  codeLabel: 'Or enter the 6-digit code from the e-mail',
  verify: 'Sign in with the code',
  verifying: 'Checking...',
  resend: 'Send a new link',
  resendIn: (seconds: number) => `Send a new link in ${seconds} s`,
  useAnotherAddress: 'Use another address',
  resent: 'A new sign-in link is on its way.',
  codeRejected: 'This code is wrong or has expired: check the newest e-mail, or send a new link.',
  /** No account: the same answer as for an account, so the page never tells who has one. */
  noAccountHint: 'No e-mail? Check the address and your spam folder. Links only go to addresses with an account.',
} as const;

/** The second step of signing in, when the account has two-factor authentication on. */
export const secondFactorCopy = {
  title: 'Two-factor authentication',
  description: 'Enter the 6-digit code your authenticator app shows for this account.',
  codeLabel: 'Authentication code',
  verify: 'Verify',
  verifying: 'Verifying...',
  useAnotherAccount: 'Sign out and use another account',
  noFactor: 'This account has no authenticator app any more: sign in again.',
  lostDevice: 'Lost your authenticator app? Ask the site administrator to remove it from your account, then sign in with your password.',
} as const;

/** /account/security. */
export const accountSecurityCopy = {
  title: 'Account security',
  description: 'How you sign in to your account.',
  backToDashboard: 'Back to Dashboard',
  linkLabel: 'Account security',
  profileLink: 'Sign-in and two-factor authentication: Account security',
  twoFactorTitle: 'Two-factor authentication',
  twoFactorDescription:
    'After your password or sign-in link, you also enter a code from an authenticator app (Google Authenticator, 1Password, Authy, …) on your phone.',
  statusOn: 'On',
  statusOff: 'Off',
  turnOn: 'Turn on two-factor authentication',
  turnOff: 'Turn off',
  enableTitle: 'Turn on two-factor authentication',
  enableStepScan: 'Scan this QR code with your authenticator app.',
  enableStepKey: 'Or type this key into the app:',
  copyKey: 'Copy key',
  keyCopied: 'Key copied',
  keyShownOnce: 'The key is shown only now: once two-factor is on, nobody can read it again, not even you.',
  qrAlt: 'QR code to add this account to an authenticator app',
  enableStepCode: 'Enter the 6-digit code the app now shows',
  confirm: 'Turn on',
  confirming: 'Turning on...',
  preparing: 'Preparing your key...',
  enabled: 'Two-factor authentication is on. You will enter a code each time you sign in.',
  disableTitle: 'Turn off two-factor authentication?',
  disableDescription: 'Enter a fresh code from your authenticator app to confirm. Afterwards your password (or a sign-in link) alone signs you in.',
  disableCodeLabel: 'Current code from your app',
  disable: 'Turn off two-factor',
  disabling: 'Turning off...',
  disabled: 'Two-factor authentication is off.',
  cancel: 'Cancel',
  loadFailed: 'Your sign-in settings could not be loaded.',
  retry: 'Try again',
  requiredBy: (names: readonly string[]) => `Required by ${names.map((name) => `“${name}”`).join(', ')}.`,
  failed: 'That did not work',
} as const;

/** The workspace setting and the notice for members whose workspace requires two-factor. */
export const workspaceTwoFactorCopy = {
  settingLabel: 'Members must use two-factor authentication',
  settingDescription:
    'Members see this workspace’s data only after entering a code from their authenticator app. Members without it are asked to turn it on.',
  settingOwnersOnly: 'Only an owner can change this.',
  turnedOn: 'Members now need two-factor authentication to open this workspace.',
  turnedOff: 'Two-factor authentication is no longer required in this workspace.',
  ownFirst: 'Turn on two-factor authentication for your own account first (Account security), then sign in with your code.',
  noticeTitle: 'Two-factor authentication required',
  notice: (names: readonly string[]) =>
    names.length === 1
      ? `The workspace “${names[0]}” requires two-factor authentication. Turn it on for your account to open it again.`
      : `The workspaces ${names.map((name) => `“${name}”`).join(', ')} require two-factor authentication. Turn it on for your account to open them again.`,
  noticeAction: 'Set up two-factor authentication',
} as const;

/** Error codes of the auth server in the user's words (the rest keep their own message). */
export const securityErrorMessages: Record<string, string> = {
  mfa_verification_failed: 'That code is not right. Check the time on your phone, and enter the code the app shows now.',
  mfa_challenge_expired: 'That took too long: enter the code the app shows now.',
  over_request_rate_limit: 'Too many codes tried: wait a few minutes, then try again.',
  otp_expired: signInLinkCopy.codeRejected,
  insufficient_aal: 'Enter a code from your authenticator app first.',
  mfa_factor_name_conflict: 'Two-factor setup is already in progress: reload the page and start again.',
  over_email_send_rate_limit: 'An e-mail was sent a moment ago: wait a minute before asking for another.',
  own_two_factor_first: workspaceTwoFactorCopy.ownFirst,
  two_factor_required: 'This workspace requires two-factor authentication: turn it on in Account security, then sign in with your code.',
};

/** User-visible messages of spec §8, once. */
export const messages = {
  admin: {
    loginSuccessTitle: 'Login Successful',
    loginSuccessDescription: 'Welcome to the admin section!',
    loginFailedTitle: 'Login Failed',
    loginFailedDescription: 'Invalid username or password.',
    resetTitle: 'Password Reset',
    resetDescription: 'Please contact the system administrator for password reset.',
    menuUpdated: 'Menu items updated successfully!',
    menuUpdateFailed: 'Failed to update menu items',
    menuItemAdded: 'Menu item added successfully!',
    menuItemAddFailed: 'Failed to add menu item',
    menuReset: 'Menu items reset to default!',
    menuResetFailed: 'Failed to reset menu items',
    menuItemIncomplete: 'Please enter both name and URL for the new menu item',
    pagesUpdated: 'Admin pages updated successfully!',
    pagesUpdateFailed: 'Failed to update admin pages',
    pageAdded: (number: number) => `Page ${number} added successfully!`,
    pageAddFailed: 'Failed to add page',
    pagesReset: 'Admin pages reset to default!',
    pagesResetFailed: 'Failed to reset admin pages',
  },
  auth: {
    invalidCredentials: 'Invalid email or password',
    emailNotConfirmed: 'Please check your email and confirm your account',
    welcomeBack: 'Welcome back!',
    accountCreated: 'Account created successfully!',
    checkEmail: 'Please check your email to confirm your account',
    signedOut: 'Signed out successfully',
    passwordsDoNotMatch: 'Passwords do not match',
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email address',
    passwordRequired: 'Password is required',
    passwordTooShort: (min: number) => `Password must be at least ${min} characters`,
    confirmPasswordRequired: 'Please confirm your password',
    /** An error without a message of its own (network failure). */
    unexpected: 'Something went wrong. Please try again.',
  },
  content: {
    loadFailed: 'Error loading content items',
    saveFailed: 'Error saving content',
    saveFailedDescription: 'Please try again',
    deleteFailed: 'Error deleting content item',
    created: 'Content created successfully!',
    updated: 'Content updated successfully!',
    deleted: 'Content item deleted successfully!',
    confirmDelete: 'Are you sure you want to delete this content item?',
  },
  campaigns: {
    loadFailed: 'Error loading campaigns',
    saveFailed: 'Error saving campaign',
    saveFailedDescription: 'Please try again',
    deleteFailed: 'Error deleting campaign',
    created: 'Campaign created successfully!',
    updated: 'Campaign updated successfully!',
    deleted: 'Campaign deleted successfully!',
    confirmDelete: 'Are you sure you want to delete this campaign?',
    empty: 'No campaigns yet',
  },
  siteConfig: {
    loadFailed: 'Failed to load site configuration',
    outsideProvider: 'useSiteConfig must be used within a SiteConfigProvider',
  },
  audio: {
    play: 'Play Audio',
    stop: 'Stop Audio',
    unsupported: 'Your browser does not support the audio element.',
  },
  contact: {
    sent: 'Thank you! Your message has been sent.',
    sentDescription: 'We will reply within one business day.',
    failed: 'Your message could not be sent',
    failedDescription: 'Nothing is lost: your message is still in the form. Try again, or send it by email.',
    nameRequired: 'Please enter your name',
    nameTooLong: 'Please keep your name under 100 characters',
    emailInvalid: 'Please enter a valid email address',
    companyTooLong: 'Please keep the company name under 120 characters',
    messageTooShort: 'Please tell us a little more (at least 10 characters)',
    messageTooLong: 'Please keep your message under 5,000 characters',
  },
  notFound: {
    code: '404',
    title: 'Oops! Page not found',
    backHome: 'Return to Home',
  },
} as const;

/** Post-sign-in and post-sign-out redirect delay (spec §9). */
export const REDIRECT_DELAY_MS = 500;
export const MIN_PASSWORD_LENGTH = 6;

/** Under a load-error panel's title: what happened, in plain words, never the server's own text. */
export const loadFailureCopy = {
  unreachable: 'The server could not be reached. Check your connection, then try again.',
  'not-allowed': 'This account may not see this list right now. Sign in again if it keeps happening, then try again.',
  server: 'The server could not send it just now. Nothing was lost: try again in a moment.',
} as const;

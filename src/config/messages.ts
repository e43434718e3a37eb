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
  notFound: {
    code: '404',
    title: 'Oops! Page not found',
    backHome: 'Return to Home',
  },
} as const;

/** Post-sign-in and post-sign-out redirect delay (spec §9). */
export const REDIRECT_DELAY_MS = 500;
export const MIN_PASSWORD_LENGTH = 6;

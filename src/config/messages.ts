import { publicMessages } from './public-messages';

/** User-visible messages of spec §8, once (those of the public pages' first load in `public-messages.ts`). */
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
    /** Under load the browser proves its work before the message is taken (docs/decisions/0016). */
    verifying: 'Verifying…',
    verifyingStatus:
      'Many messages are arriving right now, so your browser is solving a short puzzle to show it is not a robot. Your message is sent as soon as it is done.',
    verifyingProgress: 'Verification progress',
  },
  ...publicMessages,
} as const;

/** Post-sign-in and post-sign-out redirect delay (spec §9). */
export const REDIRECT_DELAY_MS = 500;
export const MIN_PASSWORD_LENGTH = 6;

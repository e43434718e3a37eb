/**
 * Screen copy of the marketing user's area (/auth, /sign-up, /dashboard, /marketing/*), apart from messages.ts so the
 * public pages, which import messages.ts, do not download it.
 */

/** The /auth screen (spec §2 "Auth screen"). */
export const authCopy = {
  title: 'Welcome',
  loading: 'Loading...',
  description: 'Sign in to your account or create a new one',
  signInTab: 'Sign In',
  signUpTab: 'Sign Up',
  email: 'Email',
  password: 'Password',
  firstName: 'First Name',
  lastName: 'Last Name',
  companyName: 'Company Name (Optional)',
  confirmPassword: 'Confirm Password',
  passwordHint: (min: number) => `At least ${min} characters`,
  signIn: 'Sign In',
  signingIn: 'Signing In...',
  signUp: 'Create Account',
  creatingAccount: 'Creating Account...',
  /** 'By continuing, you agree to our Terms of Service and Privacy Policy.', the two names linking to their pages. */
  terms: { before: 'By continuing, you agree to our ', termsOfService: 'Terms of Service', between: ' and ', privacyPolicy: 'Privacy Policy', after: '.' },
  backHome: 'Back to Home',
  selectedPlan: 'Selected plan',
  planPrice: (price: string, period: string) => `$${price} ${period}`,
  checkEmailTitle: 'Check your email',
  invitationNotice: 'Sign in, or create an account, with the invited e-mail address: you then return to the invitation.',
} as const;

/** The signed-in area: /dashboard and its header. */
export const dashboardCopy = {
  loading: 'Loading dashboard...',
  signingOut: 'Signing out...',
  platformBadge: 'Multi-Tenant Platform',
  signOut: 'Sign Out',
  accountMenu: 'Account menu',
  website: 'Website',
  websiteHint: 'The Beyond Brochures website',
  welcome: (firstName: string) => `Welcome, ${firstName}!`,
  welcomeAnonymous: 'Welcome!',
  welcomeSubtitle: 'Here is an overview of your marketing workspace.',
  welcomeTeam: (workspace: string, size: number, active: number) =>
    size <= 1
      ? `Here is an overview of ${workspace}. You are its only member so far: invite your colleagues from the Team screen.`
      : `Here is an overview of ${workspace}: ${size} members, ${active} active in the last 30 days.`,
  yourDashboard: 'Your Dashboard',
  yourDashboardDescription: (moduleTitle: string) => `Go straight to ${moduleTitle}, built for your role.`,
  accessYourDashboard: 'Access Your Dashboard',
  viewModule: 'View Module',
  modulesTitle: 'All Marketing Modules',
  statsTitle: 'Platform Overview',
  fromLastMonth: 'from last month',
  chooseRoleTitle: 'Choose your marketing role',
  chooseRoleDescription: 'Pick the role that fits your work: your dashboard then leads you to its module.',
  chooseRoleLegend: 'Marketing role',
  saveRole: 'Save Role',
  profileSettings: 'Profile Settings',
  profileSettingsDescription: 'Change your name and your marketing role.',
  noRoleOption: 'No specific role (Marketing Professional)',
  saveProfile: 'Save Changes',
  saving: 'Saving...',
  cancel: 'Cancel',
  profileUpdated: 'Profile updated successfully!',
  profileUpdateFailed: 'Error updating profile',
  profileUnavailable: 'Your profile could not be loaded. Reload the page to try again.',
} as const;

/** The ten role modules under /marketing/*. */
export const moduleCopy = {
  backToDashboard: 'Back to Dashboard',
  sampleData: 'Sample data',
  sampleDataDescription: 'Fixed sample figures for illustration, not your own data.',
  notAvailable: 'Not available yet',
  quickActions: 'Quick Actions',
  keyMetrics: 'Key Metrics',
  shellDescription: 'This module is being prepared for your organization.',
} as const;

/** The Executive Overview's real team section (the rest of the page is sample data). */
export const teamOverviewCopy = {
  title: 'Your Team',
  description: (workspace: string) => `The people of ${workspace}, as they are now.`,
  manage: 'Open Team',
  size: 'Team Size',
  /** The dashboard's Active Users, from the same figure: current members who opened the workspace in 30 days. */
  active: 'Active Users (30 days)',
  roles: 'Roles Covered',
  rolesValue: (covered: number, total: number) => `${covered} of ${total}`,
  loading: 'Loading your team...',
  failed: 'Your team could not be loaded.',
  retry: 'Try Again',
  membersLabel: 'Team members',
  more: (count: number) => `and ${count} more`,
} as const;

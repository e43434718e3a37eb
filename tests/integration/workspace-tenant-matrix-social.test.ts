import { automationOperations } from '../support/automation-matrix';
import { figuresOperations } from '../support/figures-matrix';
import { socialCalendarOperations } from '../support/social-calendar-matrix';
import { socialFiguresOperations } from '../support/social-figures-matrix';
import { socialLinkPreviewOperations } from '../support/social-link-preview-matrix';
import { socialOperations } from '../support/social-matrix';
import { socialOAuthOperations } from '../support/social-oauth-matrix';
import { describeTenantMatrix } from '../support/tenant-matrix-suite';

// The tenant matrix (tests/support/tenant-matrix-suite.ts), second share: the Social Hub, the Automation Platform
// and the modules' figures.
describeTenantMatrix((world) => ({
  // The Social Hub's accounts, posts and per-channel results.
  ...socialOperations(world),
  ...socialFiguresOperations(world),
  // Connecting Mastodon with OAuth.
  ...socialOAuthOperations(world),
  // Its posting slots and calendar moves.
  ...socialCalendarOperations(world),
  // The composer's link cards before a post is saved.
  ...socialLinkPreviewOperations(world),
  // The Automation Platform's workflows, versions, enrollments, step runs and notices.
  ...automationOperations(world),
  ...figuresOperations(world),
}));

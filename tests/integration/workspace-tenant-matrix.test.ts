import { analyticsOperations } from '../support/analytics-matrix-rows';
import { blogOperations } from '../support/blog-matrix';
import { jobOperations } from '../support/jobs-matrix';
import { describeTenantMatrix } from '../support/tenant-matrix-suite';
import { timeZoneOperations } from '../support/time-zone-matrix';
import { twoFactorOperations } from '../support/two-factor-matrix';
import { webhookOperations } from '../support/webhooks-matrix';
import { workspaceCoreOperations } from '../support/workspace-core-matrix';
import { workspaceFunctionOperations } from '../support/workspace-matrix-functions';

// The tenant matrix (tests/support/tenant-matrix-suite.ts), first share: the workspace's own tables and functions,
// two-factor, time zones, analytics, the blog, webhooks, and the admin area's background work. The other shares:
// workspace-tenant-matrix-social.test.ts, workspace-tenant-matrix-records.test.ts.
describeTenantMatrix((world) => ({
  ...workspaceCoreOperations(world),
  // Workspace and invitation functions.
  ...workspaceFunctionOperations(world),
  ...twoFactorOperations(world),
  ...timeZoneOperations(world),
  ...analyticsOperations(world),
  ...blogOperations(world),
  ...webhookOperations(world),
  // Scheduled publishing and the admin area's background work.
  ...jobOperations(world),
}));

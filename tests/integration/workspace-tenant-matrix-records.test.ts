import { assetOperations } from '../support/assets-matrix';
import { contactOperations } from '../support/contacts-matrix';
import { emailActionOperations } from '../support/email-actions-matrix';
import { emailImageOperations } from '../support/email-images-matrix';
import { emailOperations } from '../support/email-matrix';
import { seoOperations } from '../support/seo-matrix';
import { storageOperations } from '../support/storage-matrix';
import { describeTenantMatrix } from '../support/tenant-matrix-suite';

// The tenant matrix (tests/support/tenant-matrix-suite.ts), third share: contacts and leads, storage and the asset
// library, the SEO Toolkit and the Email Platform.
describeTenantMatrix((world) => ({
  // Contacts, scoring rules, their functions and the leads.
  ...contactOperations(world),
  // The assets bucket's objects through supabase-js's storage client.
  ...storageOperations(world),
  // The SEO Toolkit's sites, audits, pages, issues and Search Console data.
  ...seoOperations(world),
  // The asset library's tables and functions.
  ...assetOperations(world),
  // The Email Platform's tables and functions.
  ...emailOperations(world),
  ...emailActionOperations(world),
  // The public email-images bucket's objects.
  ...emailImageOperations(world),
}));

/**
 * Copy of the figures computed from a workspace (dashboards, stat cards). Kept out of account-copy.ts, which the
 * public pages' first load carries (src/lib/auth.tsx), so real figures add nothing to it.
 */
export const overviewCopy = {
  noEarlierFigure: 'Nothing to compare with yet',
  figuresLoading: 'Loading figures...',
  figuresFailed: 'Your figures could not be loaded.',
  executiveTitle: 'Executive Overview',
  websiteConversionPeriod: 'from the 30 days before (websites)',
  websiteConversionNote: 'Website visitors, last 30 days',
  samplePrompt: 'These are sample figures. Create your first campaign or content item to see your own.',
};

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
  roiPeriod: 'from the previous 30 days',
  roiNoSpend60: 'No spend in the last 60 days',
  roiNoSpend30: 'No spend in the last 30 days',
  roiNoSpendBefore: 'No spend in the 30 days before to compare with',
  samplePrompt: 'These are sample figures. Create your first campaign or content item to see your own.',
};

/** Copy of campaign results in the Ad Console: figures, the chart, the one-day form, CSV import and export. */
export const resultsCopy = {
  overviewTitle: 'Advertising Overview',
  overviewPeriod: 'from the previous 30 days',
  stats: { spend: 'Total Ad Spend', impressions: 'Impressions', ctr: 'Click-Through Rate', roas: 'Return on Ad Spend' },
  samplePrompt: 'These are sample figures. Add the first results of a campaign (by hand or from a CSV file) to see your own.',
  loadFailed: 'Your figures could not be loaded.',
  retry: 'Try Again',
  loading: 'Loading figures...',

  performanceTitle: 'Campaign Performance',
  activeCampaignsTitle: 'Active Campaigns',
  activeCampaignsDescription: 'Spend so far against budget',
  noActiveCampaigns: 'No active campaign yet. Set a campaign to Active to follow its spend here.',
  pacing: (spend: string, budget: string | null) => (budget ? `${spend} spent of ${budget}` : `${spend} spent, no budget`),
  pacingLabel: (title: string) => `${title}: share of budget spent`,
  platformRevenueTitle: 'Platform Revenue',
  platformRevenueDescription: 'Last 30 days',
  noPlatformRevenue: 'No results in the last 30 days.',
  roasLine: (roas: string) => `ROAS ${roas}`,

  chartTitle: 'Spend and revenue over time',
  campaignChartTitle: (title: string) => `${title}: spend and revenue over time`,
  chartDay: 'Day',
  series: { spend: 'Spend', revenue: 'Revenue' },

  resultsTitle: 'Results',
  addResults: 'Add Results',
  importCsv: 'Import CSV',
  exportResults: 'Export Results',
  exportCampaigns: 'Export CSV',
  exportFailed: 'Error exporting',

  formTitle: (title: string) => `Add results: ${title}`,
  formDescription: 'The figures of one day on one platform. A day and platform that already has results is replaced.',
  fields: { day: 'Date', platform: 'Platform', impressions: 'Impressions', clicks: 'Clicks', conversions: 'Conversions', spend: 'Spend (USD)', revenue: 'Revenue (USD)' },
  save: 'Save Results',
  saving: 'Saving...',
  cancel: 'Cancel',
  saved: 'Results saved',
  saveFailed: 'Error saving results',

  importTitle: (title: string) => `Import results: ${title}`,
  importDescription: 'A CSV file of daily results exported from an ad platform: one row per day and platform.',
  imported: (added: number, updated: number, unchanged: number) => `Results imported: ${added} new, ${updated} updated, ${unchanged} unchanged`,
  importFailed: 'Error importing results',
  errors: {
    invalid_rows: 'Some rows were refused and nothing was imported',
    duplicate_rows: 'The same day and platform appear twice in the file',
    campaign_missing: 'This campaign no longer exists',
    forbidden: 'Your access role does not allow importing results',
  } as Record<string, string>,

  csvHeaders: {
    campaign: 'Campaign', day: 'Date', platform: 'Platform', impressions: 'Impressions', clicks: 'Clicks', conversions: 'Conversions', spend: 'Spend', revenue: 'Revenue',
    title: 'Title', description: 'Description', status: 'Status', budget: 'Budget', startDate: 'Start Date', endDate: 'End Date', platforms: 'Platforms', created: 'Created',
  },
};

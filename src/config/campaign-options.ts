/** Value lists of campaigns (spec §3, §4); the database checks the same lists. */
export const campaignStatuses = [
  { value: 'draft', label: 'Draft', tone: 'grey' },
  { value: 'active', label: 'Active', tone: 'green' },
  { value: 'paused', label: 'Paused', tone: 'yellow' },
  { value: 'completed', label: 'Completed', tone: 'blue' },
] as const;

export type CampaignStatus = (typeof campaignStatuses)[number]['value'];

export const ADVERTISING_CAMPAIGN_TYPE = 'advertising';

export const executionMethods = ['Search Ads', 'Display Ads', 'Social Media', 'Video Ads', 'Native Ads', 'Retargeting'] as const;
export const adPlatforms = ['Google Ads', 'Facebook Ads', 'Instagram Ads', 'LinkedIn Ads', 'Twitter Ads', 'TikTok Ads'] as const;
export const adCollateral = ['Banner Images', 'Video Ads', 'Text Ads', 'Carousel Ads', 'Story Ads', 'Landing Pages'] as const;

export const DESCRIPTION_PREVIEW_LENGTH = 40;

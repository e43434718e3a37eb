/**
 * The fixed sample figures the spec gives (§2 Dashboard, Marketing Director; §9 lead score bands).
 * Pages show them with a 'Sample data' marker: they are illustrations, not the organization's numbers.
 */

export interface SampleStat {
  label: string;
  value: string;
  /** Month-over-month change, signed, e.g. '+12%' (the spec does not give these values). */
  change: string;
}

/** Spec §2 Dashboard: four static stat cards, each with a month-over-month change. */
export const dashboardStats: readonly SampleStat[] = [
  { label: 'Total Campaigns', value: '24', change: '+12%' },
  { label: 'Conversion Rate', value: '3.24%', change: '+0.4%' },
  { label: 'Active Users', value: '8,543', change: '+18%' },
  { label: 'Revenue', value: '$45,231', change: '+8.2%' },
];

/** Spec §2 Marketing Director. Active Campaigns has no value in the spec; 18 is a sample. */
export const directorStats: readonly SampleStat[] = [
  { label: 'Total Budget', value: '$485,231', change: '+5.2%' },
  { label: 'Team Performance', value: '92%', change: '+3%' },
  { label: 'Active Campaigns', value: '18', change: '+4' },
  { label: 'ROI', value: '324%', change: '+12%' },
];

/** Spec §2 Marketing Director: team capacity badges 85, 92, 78, 95 %. */
export const directorTeamCapacity: readonly { team: string; capacity: number }[] = [
  { team: 'Content Team', capacity: 85 },
  { team: 'Digital Advertising', capacity: 92 },
  { team: 'Email & Automation', capacity: 78 },
  { team: 'Social Media', capacity: 95 },
];

/** Spec §2 Marketing Director: the quick actions. */
export const directorQuickActions = ['Review Reports', 'Team Meeting', 'Strategy Planning'] as const;

export type LeadScoreBand = 'hot' | 'warm' | 'cool' | 'cold';

/** Spec §9: lead score bands, inclusive ranges, highest first. */
export const leadScoreBands: readonly { band: LeadScoreBand; label: string; min: number; max: number }[] = [
  { band: 'hot', label: 'Hot', min: 80, max: 100 },
  { band: 'warm', label: 'Warm', min: 60, max: 79 },
  { band: 'cool', label: 'Cool', min: 40, max: 59 },
  { band: 'cold', label: 'Cold', min: 0, max: 39 },
];

/** Customer Retention Center samples, shown (marked) while a workspace has no contact yet: contacts per band. */
export const retentionSampleBandCounts: Readonly<Record<LeadScoreBand, number>> = { hot: 124, warm: 318, cool: 476, cold: 205 };

/**
 * Customer Retention Center samples: contacts to follow up, with their score and its band (written out: real bands
 * come from the database, which alone derives them from scores).
 */
export const retentionSampleLeads: readonly { name: string; detail: string; score: number; band: LeadScoreBand }[] = [
  { name: 'Northwind Travel', detail: 'Opened 6 emails, visited pricing twice', score: 92, band: 'hot' },
  { name: 'Harbor Books', detail: 'Requested a demo last week', score: 84, band: 'hot' },
  { name: 'Silver Trails Club', detail: 'Active in the community forum', score: 71, band: 'warm' },
  { name: 'Bright Pages Media', detail: 'Downloaded two case studies', score: 55, band: 'cool' },
  { name: 'Evergreen Outfitters', detail: 'No activity for 45 days', score: 23, band: 'cold' },
];

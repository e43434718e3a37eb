import type { SampleListItem } from '@/components/module/sample-cards';
import { bandTones, lifecycleStages } from '@/config/contact-options';
import { contactsCopy } from '@/config/contacts-copy';
import { leadScoreBands, retentionSampleBandCounts, retentionSampleLeads, type LeadScoreBand } from '@/config/sample-figures';
import type { ContactOverview, OverviewContact } from '@/features/contacts/api/get-contact-overview';
import { contactName } from '@/features/contacts/utils/contact-display';
import { formatDate } from '@/lib/format';

const copy = contactsCopy.retention;
/** The badge of a band the database gave (bands are derived from scores in the database only). */
function bandBadge(band: LeadScoreBand): SampleListItem['badge'] {
  return { label: leadScoreBands.find((entry) => entry.band === band)?.label ?? band, variant: bandTones[band] ?? 'grey' };
}
const percent = (count: number, total: number) => (total === 0 ? 0 : Math.round((count / total) * 100));

/** One row per band (hot first): its range, how many contacts, their share as a bar. */
export function bandRows(counts: Readonly<Record<string, number>>): SampleListItem[] {
  const total = leadScoreBands.reduce((sum, band) => sum + (counts[band.band] ?? 0), 0);
  return leadScoreBands.map((band) => ({
    primary: copy.bandName(band.label),
    secondary: copy.bandRange(band.min, band.max),
    value: (counts[band.band] ?? 0).toLocaleString('en-US'),
    badge: { label: band.label, variant: bandTones[band.band] },
    progress: percent(counts[band.band] ?? 0, total),
  }));
}

/** One row per lifecycle stage, in the funnel's order, with its share. */
export function stageRows(overview: Pick<ContactOverview, 'stages' | 'total'>): SampleListItem[] {
  return lifecycleStages.map((stage) => ({
    primary: stage.label,
    value: (overview.stages[stage.value] ?? 0).toLocaleString('en-US'),
    progress: percent(overview.stages[stage.value] ?? 0, overview.total),
  }));
}

/** A contact to call or to win back: name, company and how to reach them, score and band. */
export function contactRow(contact: OverviewContact, detail: 'reach' | 'quiet'): SampleListItem {
  const reach = [contact.company, contact.phone ?? contact.email].filter(Boolean).join(' · ');
  const quiet = contact.last_activity_at ? copy.lastHeard(formatDate(contact.last_activity_at)) : copy.neverActive;
  return {
    primary: contactName(contact),
    secondary: detail === 'reach' ? reach || undefined : [contact.company, quiet].filter(Boolean).join(' · '),
    value: String(contact.lead_score),
    badge: bandBadge(contact.score_band),
  };
}

/** The spec's sample figures for a workspace without contacts (shown marked as samples). */
export function sampleRows(): { bands: SampleListItem[]; leads: SampleListItem[] } {
  return {
    bands: bandRows(retentionSampleBandCounts),
    leads: retentionSampleLeads.map((lead) => ({ primary: lead.name, secondary: lead.detail, value: String(lead.score), badge: bandBadge(lead.band) })),
  };
}

import type { WorkflowTrigger } from '@/features/automation/utils/workflow-graph';

/** A trigger of the type chosen in the editor, with its setting blank (a tag, a list) or at its first choice (a band). */
export function triggerOfType(type: WorkflowTrigger['type']): WorkflowTrigger {
  switch (type) {
    case 'tag_added':
      return { type, tag: '' };
    case 'tag_removed':
      return { type, tag: null };
    case 'score_band_entered':
      return { type, band: 'hot' };
    case 'list_subscribed':
      return { type, list_id: '' };
    case 'email_opened':
    case 'email_clicked':
      return { type, campaign_id: null };
    case 'field_changed':
      return { type, field: 'lifecycle_stage', to: null };
    case 'date_reached':
      return { type, field: 'created_at', days: 30 };
    default:
      return { type };
  }
}

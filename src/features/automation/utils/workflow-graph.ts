/**
 * A workflow's graph as the database stores it (automation_workflow_versions.graph; decision 0023). The first step is
 * where a run starts; every way out of a step names another step's id. The database validates a graph on publish
 * (private.automation_graph_problem) and names the step at fault.
 */
import type { FieldCheck } from './field-condition';

export type LifecycleStage = 'subscriber' | 'lead' | 'marketing_qualified' | 'sales_qualified' | 'customer' | 'churned';
export type ScoreBand = 'hot' | 'warm' | 'cool' | 'cold';
export const STAGE_OPTIONS = ['subscriber', 'lead', 'marketing_qualified', 'sales_qualified', 'customer', 'churned'] as const satisfies readonly LifecycleStage[];
export const BAND_OPTIONS = ['hot', 'warm', 'cool', 'cold'] as const satisfies readonly ScoreBand[];

export type WorkflowTrigger =
  | { type: 'contact_created' }
  | { type: 'form_submitted' }
  | { type: 'tag_added'; tag: string }
  // A tag is taken off the contact: that tag, or any tag (null).
  | { type: 'tag_removed'; tag: string | null }
  | { type: 'score_band_entered'; band: ScoreBand }
  // A contact's membership of an Email Platform list of the workspace becomes confirmed.
  | { type: 'list_subscribed'; list_id: string }
  // The first open / click of a delivery to the contact: of one campaign of the workspace, or of any e-mail (null).
  | { type: 'email_opened' | 'email_clicked'; campaign_id: string | null }
  // One of the contact's fields changes: to the value "to" (a stage, a member's id, a text), or to anything (null).
  | { type: 'field_changed'; field: ContactTriggerField; to: string | null }
  // A number of days after a contact date: its creation, or its last activity (its creation when it has none).
  | { type: 'date_reached'; field: ContactDateField; days: number };

export const CONTACT_DATE_FIELDS = ['created_at', 'last_activity_at'] as const;
export type ContactDateField = (typeof CONTACT_DATE_FIELDS)[number];

/** The contact fields whose change can start a workflow (private.automation_trigger_problem keeps the same list). */
export const CONTACT_TRIGGER_FIELDS = ['lifecycle_stage', 'owner_id', 'company', 'job_title'] as const;
export type ContactTriggerField = (typeof CONTACT_TRIGGER_FIELDS)[number];

export type ConditionCheck =
  | { kind: 'tag'; tag: string }
  | { kind: 'band'; band: ScoreBand }
  | { kind: 'stage'; stage: LifecycleStage }
  | { kind: 'has_email' }
  // The contact's membership of this Email Platform list of the workspace is confirmed.
  | { kind: 'list'; list_id: string }
  // The contact opened (clicked) an e-mail of the workspace within the last `days` days (1-365).
  | { kind: 'email_engagement'; event: EngagementEvent; days: number }
  // One of the contact's other fields, compared by an operator fit for its kind of value (utils/field-condition.ts).
  | FieldCheck;

export const ENGAGEMENT_EVENTS = ['opened', 'clicked'] as const;
export type EngagementEvent = (typeof ENGAGEMENT_EVENTS)[number];

interface StepBase {
  id: string;
}
export type WorkflowStep = StepBase &
  (
    | { type: 'wait'; minutes: number; next: string | null }
    // Until the next weekday (0 = Sunday; null: any day) and hour in the step's time zone, strictly after it starts.
    | { type: 'wait'; until: { weekday: number | null; hour: number }; time_zone: string; next: string | null }
    | { type: 'condition'; check: ConditionCheck; yes: string | null; no: string | null }
    | { type: 'split'; branches: { share: number; next: string | null }[] }
    | { type: 'add_tag' | 'remove_tag'; tag: string; next: string | null }
    | { type: 'set_stage'; stage: LifecycleStage; next: string | null }
    | { type: 'adjust_score'; points: number; next: string | null }
    // An in-app notice to a member (or the contact's owner: 'owner'), and with email: true an e-mail too.
    | { type: 'notify'; member: string; message: string; email?: boolean; next: string | null }
    // The contact's owner becomes this member of the workspace.
    | { type: 'set_owner'; member: string; next: string | null }
    // A signed message (the contact and the run) to one of the workspace's webhook endpoints, once per enrollment,
    // step and visit, delivered by the webhooks feature (decision 0015).
    | { type: 'webhook'; endpoint_id: string; next: string | null }
    // An Email Platform template (template_id) or the e-mail written here (subject and body, kept while a template is
    // chosen so switching back loses nothing). A step made through the API may carry only its template.
    | { type: 'send_email'; template_id?: string | null; subject?: string; body?: string; next: string | null }
    | { type: 'end' }
  );
export type StepType = WorkflowStep['type'];
export type SendEmailStep = Extract<WorkflowStep, { type: 'send_email' }>;

export interface WorkflowGraph {
  trigger: WorkflowTrigger;
  enrollment: 'once' | 'again_after_exit';
  steps: WorkflowStep[];
  /** Met by the contact, the run exits (counted as a goal conversion). */
  goal?: WorkflowGoal | null;
}

/** What ends a run early as a success: the contact reached a lifecycle stage or got a tag. */
export type WorkflowGoal = Extract<ConditionCheck, { kind: 'tag' | 'stage' }>;

export const STEP_TYPES: readonly StepType[] = ['wait', 'condition', 'split', 'add_tag', 'remove_tag', 'set_stage', 'adjust_score', 'notify', 'set_owner', 'webhook', 'send_email', 'end'];

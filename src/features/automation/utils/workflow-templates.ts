import type { WorkflowGraph } from '@/features/automation/utils/workflow-graph';

export type TemplateId = 'welcome_series' | 'hot_lead_alert' | 're_engage_quiet';

export interface WorkflowTemplate {
  id: TemplateId;
  name: string;
  description: string;
  graph: WorkflowGraph;
}

/** The workflows a team starts from (issue 29 §7): each publishes as it is. */
export const workflowTemplates: readonly WorkflowTemplate[] = [
  {
    id: 'welcome_series',
    name: 'Welcome series',
    description: 'Three e-mails over a week to every new subscriber; those who click become leads.',
    graph: {
      trigger: { type: 'tag_added', tag: 'newsletter' },
      enrollment: 'once',
      steps: [
        { id: 'welcome', type: 'send_email', subject: 'Welcome, {{first_name}}!', body: 'Hi {{first_name}},\n\nthanks for subscribing. Here is what to expect from us.', next: 'wait-2-days' },
        { id: 'wait-2-days', type: 'wait', minutes: 2880, next: 'tips' },
        { id: 'tips', type: 'send_email', subject: 'Three tips to get started', body: 'Hi {{first_name}},\n\nhere are three things our customers do first.', next: 'wait-5-days' },
        { id: 'wait-5-days', type: 'wait', minutes: 7200, next: 'offer' },
        { id: 'offer', type: 'send_email', subject: 'A call with our team?', body: 'Hi {{first_name}},\n\nbook a free 20-minute call with us.', next: 'clicked' },
        { id: 'clicked', type: 'condition', check: { kind: 'tag', tag: 'clicked' }, yes: 'make-lead', no: 'done' },
        { id: 'make-lead', type: 'set_stage', stage: 'lead', next: 'done' },
        { id: 'done', type: 'end' },
      ],
    },
  },
  {
    id: 'hot_lead_alert',
    name: 'Hot-lead alert to the owner',
    description: 'When a contact’s score turns hot, its owner gets a notice and the contact a tag.',
    graph: {
      trigger: { type: 'score_band_entered', band: 'hot' },
      enrollment: 'again_after_exit',
      steps: [
        { id: 'tag-hot', type: 'add_tag', tag: 'hot-lead', next: 'tell-owner' },
        { id: 'tell-owner', type: 'notify', member: 'owner', message: 'This contact just turned hot: follow up today.', next: 'done' },
        { id: 'done', type: 'end' },
      ],
    },
  },
  {
    id: 're_engage_quiet',
    name: 'Re-engage contacts quiet for 60 days',
    description: 'Sixty days after a contact’s last activity, a “we miss you” e-mail; those still quiet a week later are tagged to follow up.',
    graph: {
      // Last activity, or creation for a contact never active; after a new quiet spell the contact comes back in.
      trigger: { type: 'date_reached', field: 'last_activity_at', days: 60 },
      enrollment: 'again_after_exit',
      steps: [
        { id: 'tag-quiet', type: 'add_tag', tag: 'quiet-60-days', next: 'miss-you' },
        { id: 'miss-you', type: 'send_email', subject: 'We miss you, {{first_name}}', body: 'Hi {{first_name}},\n\nit has been a while. Here is what is new since your last visit.', next: 'wait-7-days' },
        { id: 'wait-7-days', type: 'wait', minutes: 10080, next: 'clicked' },
        { id: 'clicked', type: 'condition', check: { kind: 'tag', tag: 'clicked' }, yes: 'back', no: 'follow-up' },
        { id: 'back', type: 'remove_tag', tag: 'quiet-60-days', next: 'done' },
        { id: 'follow-up', type: 'add_tag', tag: 're-engage-follow-up', next: 'done' },
        { id: 'done', type: 'end' },
      ],
    },
  },
];

import { DENY_ANON, NOT_MEMBER, REFUSED, TOO_LOW, type Operation, type World } from './tenant-matrix';
import { ids, MATRIX_WORKFLOW_GRAPH } from './workspaces';

const UNKNOWN_WORKFLOW = '400 P0001 unknown_workflow';
const EVERY_MEMBER_READS: Operation['cells'] = ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON];
const NOBODY_WRITES: Operation['cells'] = [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON];
/** Members, admins and owners do it; viewers are too low; people outside the workspace learn nothing of it. */
const MEMBERS_DO = (ok: string, outsiders: string): Operation['cells'] => [ok, ok, ok, TOO_LOW, outsiders, outsiders, outsiders, DENY_ANON];
const WHOLE_WORKFLOW = 'automation_workflows -1, automation_workflow_versions -2, automation_enrollments -1, automation_step_runs -1, automation_run_log -1';

/**
 * The tenant matrix's rows for automation (issue 29): everyone in the workspace reads its workflows, versions, runs
 * and run log; members, admins and owners create, edit, publish, pause, rename and delete workflows; viewers do
 * none of that; runs are written only by the job runner; a member reads and marks read only their own notices;
 * other workspaces learn nothing, not even whether a workflow id exists.
 */
export function automationOperations(world: World): Record<string, Operation> {
  return {
    'automation_workflows: read workspace 1': {
      run: (a) => a.client.from('automation_workflows').select('id, status').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: EVERY_MEMBER_READS,
    },
    'automation_workflows: read workspace 2’s workflow': {
      run: (a) => a.client.from('automation_workflows').select('id').eq('id', ids.automationWorkflowOfWorkspace2),
      answer: 'rows',
      cells: ['rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 1', 'rows 0', 'rows 0', DENY_ANON],
    },
    'automation_workflows: insert into workspace 1 directly': {
      run: (a) => a.client.from('automation_workflows').insert({ organization_id: world().workspace1, name: 'Planted' } as never),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'automation_workflows: rename workspace 1’s workflow': {
      run: (a) => a.client.from('automation_workflows').update({ name: 'Renamed' }).eq('id', ids.automationWorkflow).select('id'),
      answer: 'rows',
      cells: ['rows 1 → automation_workflows ~1', 'rows 1 → automation_workflows ~1', 'rows 1 → automation_workflows ~1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'automation_workflows: publish workspace 1’s workflow directly (status)': {
      run: (a) => a.client.from('automation_workflows').update({ status: 'paused' } as never).eq('id', ids.automationWorkflow),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'automation_workflows: delete workspace 1’s workflow (its versions and runs go with it)': {
      run: (a) => a.client.from('automation_workflows').delete().eq('id', ids.automationWorkflow).select('id'),
      answer: 'rows',
      cells: [`rows 1 → ${WHOLE_WORKFLOW}`, `rows 1 → ${WHOLE_WORKFLOW}`, `rows 1 → ${WHOLE_WORKFLOW}`, 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'automation_workflow_versions: read workspace 1’s': {
      run: (a) => a.client.from('automation_workflow_versions').select('version, state').eq('workflow_id', ids.automationWorkflow),
      answer: 'rows',
      cells: ['rows 2', 'rows 2', 'rows 2', 'rows 2', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'automation_workflow_versions: change the published graph directly': {
      run: (a) => a.client.from('automation_workflow_versions').update({ graph: {} } as never).eq('id', ids.automationPublishedVersion),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    // Dana (stage customer) is already in the workflow (enrolled once): counted, matched and skipped, nothing changes.
    'enroll_contacts_in_automation(): workspace 1’s customers': {
      run: (a) => a.client.rpc('enroll_contacts_in_automation', { workflow_id: ids.automationWorkflow, filter: { stage: 'customer' } as never }),
      answer: (data) => `matched ${(data as { matched: number }).matched}, enrolled ${(data as { enrolled: number }).enrolled}`,
      cells: MEMBERS_DO('ok matched 1, enrolled 0', UNKNOWN_WORKFLOW),
    },
    'enroll_contacts_in_automation(): workspace 2’s workflow': {
      run: (a) => a.client.rpc('enroll_contacts_in_automation', { workflow_id: ids.automationWorkflowOfWorkspace2, filter: {} as never, dry_run: true }),
      answer: 'ok',
      cells: [UNKNOWN_WORKFLOW, UNKNOWN_WORKFLOW, UNKNOWN_WORKFLOW, UNKNOWN_WORKFLOW, '400 P0001 not_published', UNKNOWN_WORKFLOW, UNKNOWN_WORKFLOW, DENY_ANON],
    },
    'create_automation_workflow(): workspace 1': {
      run: (a) => a.client.rpc('create_automation_workflow', { workspace_id: world().workspace1, name: 'New flow', graph: MATRIX_WORKFLOW_GRAPH as never }),
      answer: (data) => (data as { status: string }).status,
      cells: MEMBERS_DO('ok draft → automation_workflows +1, automation_workflow_versions +1', NOT_MEMBER),
    },
    'save_automation_draft(): workspace 1’s workflow': {
      run: (a) => a.client.rpc('save_automation_draft', { workflow_id: ids.automationWorkflow, graph: { ...MATRIX_WORKFLOW_GRAPH, enrollment: 'again_after_exit' } as never }),
      answer: (data) => `version ${(data as { version: number }).version}`,
      cells: MEMBERS_DO('ok version 2 → automation_workflow_versions ~1', UNKNOWN_WORKFLOW),
    },
    'publish_automation_workflow(): workspace 1’s draft': {
      run: (a) => a.client.rpc('publish_automation_workflow', { workflow_id: ids.automationWorkflow }),
      answer: (data) => (data as { status: string }).status,
      cells: MEMBERS_DO('ok published → automation_workflows ~1, automation_workflow_versions ~2', UNKNOWN_WORKFLOW),
    },
    'set_automation_workflow_paused(): pause workspace 1’s workflow': {
      run: (a) => a.client.rpc('set_automation_workflow_paused', { workflow_id: ids.automationWorkflow, paused: true }),
      answer: (data) => (data as { status: string }).status,
      cells: MEMBERS_DO('ok paused → automation_workflows ~1', UNKNOWN_WORKFLOW),
    },
    'set_automation_workflow_paused(): resume workspace 1’s workflow': {
      run: (a) => a.client.rpc('set_automation_workflow_paused', { workflow_id: ids.automationWorkflow, paused: false }),
      answer: (data) => (data as { status: string }).status,
      cells: MEMBERS_DO('ok published → automation_workflows ~1', UNKNOWN_WORKFLOW),
    },
    'set_automation_workflow_paused(): workspace 2’s workflow': {
      run: (a) => a.client.rpc('set_automation_workflow_paused', { workflow_id: ids.automationWorkflowOfWorkspace2, paused: true }),
      answer: 'ok',
      cells: [UNKNOWN_WORKFLOW, UNKNOWN_WORKFLOW, UNKNOWN_WORKFLOW, UNKNOWN_WORKFLOW, '400 P0001 not_published', UNKNOWN_WORKFLOW, UNKNOWN_WORKFLOW, DENY_ANON],
    },
    'automation_enrollments: read workspace 1’s': {
      run: (a) => a.client.from('automation_enrollments').select('id, status, current_step').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: EVERY_MEMBER_READS,
    },
    'automation_enrollments: enroll workspace 1’s contact directly': {
      run: (a) => a.client.from('automation_enrollments').insert({ organization_id: world().workspace1, workflow_id: ids.automationWorkflow, version_id: ids.automationPublishedVersion, contact_id: ids.contact } as never),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'automation_step_runs: read workspace 1’s': {
      run: (a) => a.client.from('automation_step_runs').select('step_id, status').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: EVERY_MEMBER_READS,
    },
    'automation_step_runs: mark workspace 1’s wait done directly': {
      run: (a) => a.client.from('automation_step_runs').update({ status: 'done' } as never).eq('enrollment_id', ids.automationEnrollment),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'automation_run_log: read workspace 1’s': {
      run: (a) => a.client.from('automation_run_log').select('event').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: EVERY_MEMBER_READS,
    },
    'automation_workflow_counts(): workspace 1': {
      run: (a) => a.client.rpc('automation_workflow_counts', { workspace_id: world().workspace1 }),
      answer: 'rows',
      cells: EVERY_MEMBER_READS,
    },
    'automation_contact_timeline(): workspace 1’s contact (entered, waiting)': {
      run: (a) => a.client.rpc('automation_contact_timeline', { contact_id: ids.contact }),
      answer: 'rows',
      cells: ['rows 2', 'rows 2', 'rows 2', 'rows 2', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'automation_failed_runs(): workspace 1’s workflow (none failed)': {
      run: (a) => a.client.rpc('automation_failed_runs', { workflow_id: ids.automationWorkflow }),
      answer: 'rows',
      cells: ['rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'retry_automation_enrollment(): workspace 1’s run (still active)': {
      run: (a) => a.client.rpc('retry_automation_enrollment', { enrollment_id: ids.automationEnrollment }),
      answer: (data) => (data as { status: string }).status,
      cells: MEMBERS_DO('400 P0001 not_failed', '400 P0001 unknown_enrollment'),
    },
    'member_notices: read (one’s own only)': {
      run: (a) => a.client.from('member_notices').select('id, title').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: ['rows 1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'member_notices: mark the owner’s notice read': {
      run: (a) => a.client.from('member_notices').update({ read_at: new Date().toISOString() }).eq('id', ids.memberNotice).select('id'),
      answer: 'rows',
      cells: ['rows 1 → member_notices ~1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'member_notices: rewrite the owner’s notice': {
      run: (a) => a.client.from('member_notices').update({ title: 'Forged' } as never).eq('id', ids.memberNotice),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
  };
}

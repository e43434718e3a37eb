import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowGraph } from '../../src/features/automation/utils/workflow-graph';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The hourly enrollment limit of a workspace holds when its enrollment jobs run side by side (issue 29: one
 * workspace cannot starve the runner), and events nobody automates on queue no enrollment job. No job runner here:
 * the test plays two workers' transactions itself, one held open while the other enrolls.
 */

let server: TestServer;
let owner: SignedInUser;

beforeAll(async () => {
  server = await startTestServer({}, { jobRunner: false });
  owner = await signedInUser(server);
});

afterAll(async () => {
  await server?.close();
});

const createdGraph: WorkflowGraph = { trigger: { type: 'contact_created' }, enrollment: 'once', steps: [{ id: 'done', type: 'end' }] };

/** Jobs queued under `key`: in graphile-worker's queue once installed, in the backlog before (no runner here). */
async function queued(key: string): Promise<number> {
  const [state] = await server.sql<{ installed: boolean }[]>`select private.job_queue_installed() as installed`;
  const rows = state!.installed
    ? await server.sql`select 1 from graphile_worker.jobs where key = ${key}`
    : await server.sql`select 1 from private.job_backlog where job_key = ${key}`;
  return rows.length;
}

async function createdEvents(user: SignedInUser, names: string[]): Promise<number[]> {
  for (const first_name of names) {
    expect((await user.client.from('contacts').insert({ organization_id: user.organizationId, first_name } as never)).error).toBeNull();
  }
  const rows = await server.sql<{ id: number }[]>`
    select id::int from private.workspace_events where workspace_id = ${user.organizationId} and type = 'contact.created' order by id`;
  return rows.map((row) => row.id);
}

describe('enrollment jobs of one workspace side by side', () => {
  it('take turns: with a limit of 1 an hour, the second waits for the first to commit, then puts its event off', async () => {
    await server.sql`insert into private.automation_workspace_limits (workspace_id, enrollments_per_hour) values (${owner.organizationId}, 1)`;
    const { data, error } = await owner.client.rpc('create_automation_workflow', { workspace_id: owner.organizationId, name: 'Limited', graph: createdGraph as never });
    expect(error).toBeNull();
    expect((await owner.client.rpc('publish_automation_workflow', { workflow_id: data!.id })).error).toBeNull();
    const [first, second] = await createdEvents(owner, ['One', 'Two']);

    // Worker A enrolls the first contact and has not committed yet; worker B takes the second event meanwhile.
    const a = await server.sql.reserve();
    try {
      await a`begin`;
      expect((await a`select private.automation_enroll_for_event(${owner.organizationId}::uuid, ${first!}::bigint) as made`)[0]!.made).toBe(1);
      let bDone = false;
      const b = server.sql`select private.automation_enroll_for_event(${owner.organizationId}::uuid, ${second!}::bigint) as made`.then((rows) => {
        bDone = true;
        return rows[0]!.made as number;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(bDone).toBe(false);
      await a`commit`;
      expect(await b).toBe(-1);
    } finally {
      a.release();
    }
    const enrolled = await server.sql`select contact_id from public.automation_enrollments where workflow_id = ${data!.id}`;
    expect(enrolled).toHaveLength(1);
    expect(await queued(`event:${second}:automation_enroll:later`)).toBe(1);
  });

  it('an event of a workspace without a published workflow queues no enrollment job', async () => {
    const quiet = await signedInUser(server);
    const rows = await server.sql<{ id: number }[]>`
      select private.record_workspace_event(${quiet.organizationId}::uuid, 'email.opened', gen_random_uuid(), '{}'::jsonb)::int as id`;
    expect(await queued(`event:${rows[0]!.id}:automation_enroll`)).toBe(0);
    // The same event in the owner's workspace (a published workflow) queues its job.
    const mine = await server.sql<{ id: number }[]>`
      select private.record_workspace_event(${owner.organizationId}::uuid, 'email.opened', gen_random_uuid(), '{}'::jsonb)::int as id`;
    expect(await queued(`event:${mine[0]!.id}:automation_enroll`)).toBe(1);
  });
});

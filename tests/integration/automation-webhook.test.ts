import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowGraph, WorkflowStep } from '../../src/features/automation/utils/workflow-graph';
import { publishWorkflowResult } from '../support/automation';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

/**
 * Automation's "call a webhook" step (issue 29): it names one of the workspace's webhook endpoints; publishing refuses
 * another workspace's endpoint and one whose address the server may not call (loopback), naming the step; a run
 * records one signed message per enrollment, step and visit, delivered by the webhooks feature to a real HTTP
 * receiver (on 127.0.0.2, which the server may reach: OUTBOUND_ALLOW_PRIVATE=127.0.0.2, as the webhook tests do),
 * and a step applied again or a job run twice sends nothing more. Real server, job runner, PostgreSQL, supabase-js.
 */

let server: TestServer;
let receiver: WebhookReceiver;

const drain = async () => {
  for (let round = 0; round < 4; round += 1) await server.app.jobRunner!()!.drain(60_000);
};

const hookGraph = (endpointId: string): WorkflowGraph => ({
  trigger: { type: 'contact_created' },
  enrollment: 'once',
  steps: [{ id: 'hook', type: 'webhook', endpoint_id: endpointId, next: 'done' } as WorkflowStep, { id: 'done', type: 'end' }],
});

async function createEndpoint(user: SignedInUser, path: string) {
  const { data, error } = await user.client.rpc('create_webhook_endpoint', { workspace_id: user.organizationId, url: `${receiver.origin}${path}`, events: ['content.published'], description: 'CRM' });
  expect(error).toBeNull();
  const { data: revealed } = await user.client.rpc('reveal_webhook_endpoint', { endpoint_id: data!.id });
  return { id: data!.id, secret: revealed![0]!.secret };
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE: '127.0.0.2', OUTBOUND_ALLOW_PORTS: '*' });
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('the call a webhook step', () => {
  it('cannot be published with another workspace’s endpoint, no endpoint, or an endpoint on a loopback address, and names the step', async () => {
    const user = await signedInUser(server);
    const stranger = await signedInUser(server);
    const foreign = await createEndpoint(stranger, '/foreign');
    expect((await publishWorkflowResult(user, hookGraph(foreign.id))).error).toMatchObject({ code: 'P0001', details: 'webhook_endpoint_unknown', hint: 'hook' });
    expect((await publishWorkflowResult(user, hookGraph(''))).error).toMatchObject({ details: 'webhook_endpoint_unknown', hint: 'hook' });

    // An endpoint whose address is loopback (127.0.0.1 is not among the addresses this server may call).
    const loopback = await createEndpoint(user, '/loopback');
    await server.sql`update private.webhook_endpoint_credentials set url = 'http://127.0.0.1:8080/hook' where endpoint_id = ${loopback.id}`;
    const refused = (await publishWorkflowResult(user, hookGraph(loopback.id))).error;
    expect(refused).toMatchObject({ details: 'webhook_url_refused', hint: 'hook' });
    expect(refused!.message).toContain('Step “hook”');
  });

  it('delivers one signed message with the contact to the endpoint, once, even when the step is applied again', async () => {
    const user = await signedInUser(server);
    const endpoint = await createEndpoint(user, '/crm');
    const { id: workflow, error } = await publishWorkflowResult(user, hookGraph(endpoint.id));
    expect(error).toBeNull();
    const { data: contact } = await user.client.from('contacts').insert({ organization_id: user.organizationId, first_name: 'Hal', email: 'hal@example.com' } as never).select('id').single();
    await drain();

    const [run] = await server.sql<{ id: string; status: string }[]>`select id, status from public.automation_enrollments where workflow_id = ${workflow}`;
    expect(run!.status).toBe('finished');
    const received = receiver.to('/crm');
    expect(received).toHaveLength(1);
    expect(receiver.verifies(received[0]!, endpoint.secret)).toBe(true);
    const body = JSON.parse(received[0]!.body) as { type: string; data: { enrollment_id: string; step_id: string; contact: { id: string; email: string } } };
    expect(body).toMatchObject({ type: 'automation.webhook', data: { enrollment_id: run!.id, step_id: 'hook', contact: { id: (contact as { id: string }).id, email: 'hal@example.com' } } });
    const [delivery] = await server.sql`select status from public.webhook_deliveries where endpoint_id = ${endpoint.id}`;
    expect(delivery!.status).toBe('succeeded');

    // The step's job queued again, then the step applied again at the same visit as if its record were lost.
    await server.sql`select private.enqueue_job('automation_step', ${server.sql.json({ workspace_id: user.organizationId, enrollment_id: run!.id })})`;
    await drain();
    await server.sql`update public.automation_enrollments set status = 'active', current_step = 'hook', current_visit = 1, finished_at = null where id = ${run!.id}`;
    await server.sql`delete from public.automation_step_runs where enrollment_id = ${run!.id}`;
    const [again] = await server.sql`select private.automation_apply_step(${user.organizationId}, ${run!.id}, 'hook', 1, '{"outcome":"done","next":"done"}') as result`;
    expect(again!.result).toBe('continue');
    await drain();

    expect(receiver.to('/crm')).toHaveLength(1);
    expect(await server.sql`select 1 from public.webhook_events where organization_id = ${user.organizationId}`).toHaveLength(1);
  });

  it('an endpoint deleted since publishing fails the step with its reason', async () => {
    const user = await signedInUser(server);
    const endpoint = await createEndpoint(user, '/gone');
    const { id: workflow } = await publishWorkflowResult(user, hookGraph(endpoint.id));
    await user.client.from('webhook_endpoints').delete().eq('id', endpoint.id);
    await user.client.from('contacts').insert({ organization_id: user.organizationId, first_name: 'Gus' } as never);
    await drain();
    const [run] = await server.sql<{ status: string; error: string }[]>`select status, error from public.automation_enrollments where workflow_id = ${workflow}`;
    expect(run!.status).toBe('failed');
    expect(run!.error).toContain('no longer one of this workspace');
    expect(receiver.to('/gone')).toHaveLength(0);
  });
});

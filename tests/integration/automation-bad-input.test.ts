import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createList, createTemplate } from '../support/email';
import { rest, signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The Automation Platform from the attacker's and the careless client's side (issue 29, "Security and bad input"):
 * graphs sent through the API rather than built in the editor. A graph that cannot run is refused at publishing with
 * its problem code and the step at fault — a setting that is missing as well as one that is wrong; the workspace's
 * limits (workflows, steps, graph size) hold; and no automation function answers a malformed call with a 5xx or an
 * unnamed database error.
 */

let server: TestServer;
let owner: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  server = await startTestServer({}, { jobRunner: false });
  owner = await signedInUser(server);
  other = await signedInUser(server);
});

afterAll(async () => {
  await server?.close();
});

const end = { id: 'done', type: 'end' };
const withSteps = (steps: unknown[], trigger: unknown = { type: 'contact_created' }) => ({ trigger, enrollment: 'once', steps });

/** Creates a draft with the graph as it is and publishes it: the refusal, or 'published'. */
async function publish(graph: unknown): Promise<{ status: number; code?: string; details?: string; hint?: string; message?: string }> {
  const created = await owner.client.rpc('create_automation_workflow', { workspace_id: owner.organizationId, name: 'From the API', graph: graph as never });
  expect(created.error).toBeNull();
  const response = await rest(server, 'POST', '/rpc/publish_automation_workflow', { token: owner.session.accessToken, body: { workflow_id: created.data!.id } });
  if (response.status === 200) return { status: 200, details: 'published' };
  const body = response.json as { code: string; details: string; hint: string; message: string };
  return { status: response.status, code: body.code, details: body.details, hint: body.hint, message: body.message };
}

describe('publishing refuses a graph whose settings are missing, naming the step', () => {
  const cases: [string, unknown, string, string][] = [
    ['no steps at all', { trigger: { type: 'contact_created' }, enrollment: 'once' }, 'no_steps', ''],
    ['a wait without minutes (nor until)', withSteps([{ id: 'pause', type: 'wait', next: 'done' }, end]), 'wait_invalid', 'pause'],
    ['a score step without points', withSteps([{ id: 'points', type: 'adjust_score', next: 'done' }, end]), 'points_invalid', 'points'],
    ['split branches without a share', withSteps([{ id: 'ab', type: 'split', branches: [{ next: 'done' }, { next: 'done' }] }, end]), 'split_share_invalid', 'ab'],
    ['a split without branches', withSteps([{ id: 'ab', type: 'split' }, end]), 'missing_branch', 'ab'],
    ['a condition without its check', withSteps([{ id: 'check', type: 'condition', yes: 'done', no: 'done' }, end]), 'condition_invalid', 'check'],
    ['a member to notify that is no id at all', withSteps([{ id: 'tell', type: 'notify', member: '-'.repeat(36), next: 'done' }, end]), 'foreign_member', 'tell'],
    ['a date trigger without its days', withSteps([end], { type: 'date_reached', field: 'created_at' }), 'trigger_days_invalid', ''],
  ];

  it.each(cases)('%s', async (_name, graph, problem, stepId) => {
    expect(await publish(graph)).toMatchObject({ status: 400, code: 'P0001', details: problem, hint: stepId });
  });

  it('adds split shares exactly: 33.4 + 33.3 + 33.3 is 100 %', async () => {
    const graph = withSteps([{ id: 'abc', type: 'split', branches: [{ share: 33.4, next: 'done' }, { share: 33.3, next: 'done' }, { share: 33.3, next: 'done' }] }, end]);
    expect(await publish(graph)).toMatchObject({ status: 200 });
  });
});

describe('publishing refuses what the issue names, each with its step', () => {
  it('a cycle without a wait, a missing branch, another workspace’s template, list and member', async () => {
    const template = await createTemplate(other.client, other.organizationId);
    const list = await createList(other.client, other.organizationId);
    const refusals = [
      await publish(withSteps([{ id: 'a', type: 'add_tag', tag: 'x', next: 'b' }, { id: 'b', type: 'remove_tag', tag: 'x', next: 'a' }])),
      await publish(withSteps([{ id: 'check', type: 'condition', check: { kind: 'has_email' }, yes: 'done' }, end])),
      await publish(withSteps([{ id: 'mail', type: 'send_email', template_id: template, next: 'done' }, end])),
      await publish(withSteps([end], { type: 'list_subscribed', list_id: list.id })),
      await publish(withSteps([{ id: 'owner', type: 'set_owner', member: other.id, next: 'done' }, end])),
    ];
    expect(refusals.map(({ details, hint }) => `${details} ${hint}`)).toEqual([
      'cycle_without_wait a',
      'missing_branch check',
      'email_template_unknown mail',
      'trigger_list_unknown ',
      'foreign_member owner',
    ]);
  });
});

describe('limits per workspace', () => {
  it('at most 100 workflows: the 101st is refused (workflow_limit), another workspace is not counted', async () => {
    const user = await signedInUser(server);
    await server.sql`
      insert into public.automation_workflows (organization_id, name) select ${user.organizationId}, 'Filler ' || n from generate_series(1, 99) n`;
    const graph = withSteps([end]);
    const hundredth = await user.client.rpc('create_automation_workflow', { workspace_id: user.organizationId, name: 'Hundredth', graph: graph as never });
    expect(hundredth.error).toBeNull();
    const more = await user.client.rpc('create_automation_workflow', { workspace_id: user.organizationId, name: 'One too many', graph: graph as never });
    expect({ code: more.error?.code, details: more.error?.details }).toEqual({ code: 'P0001', details: 'workflow_limit' });
    const elsewhere = await other.client.rpc('create_automation_workflow', { workspace_id: other.organizationId, name: 'Fine', graph: graph as never });
    expect(elsewhere.error).toBeNull();
  });

  it('at most 50 steps a workflow, and a graph of at most 64 kB', async () => {
    const steps = Array.from({ length: 50 }, (_, index) => ({ id: `s${index}`, type: 'add_tag', tag: `t${index}`, next: index === 49 ? 'done' : `s${index + 1}` }));
    expect(await publish(withSteps([...steps, end]))).toMatchObject({ status: 400, details: 'too_many_steps' });
    expect(await publish(withSteps([...steps.slice(0, 48), { ...steps[48], next: 'done' }, end]))).toMatchObject({ status: 200 });
    const large = await owner.client.rpc('create_automation_workflow', {
      workspace_id: owner.organizationId, name: 'Large', graph: withSteps([{ id: 'tell', type: 'notify', member: 'owner', message: 'x'.repeat(70_000), next: 'done' }, end]) as never,
    });
    expect({ status: large.status, details: large.error?.details }).toEqual({ status: 400, details: 'graph_too_large' });
  });
});

/** JSON nested `depth` arrays deep around a value. */
const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

describe('no automation function answers bad input with a 5xx', () => {
  const junkGraphs: [string, string][] = [
    ['an array', '[]'],
    ['a string', '"graph"'],
    ['a number', '42'],
    ['null', 'null'],
    ['arrays 1,000 deep', nested(1_000)],
    // Deeper than 256 levels the server refuses the body itself (400, before any SQL).
    ['arrays 20,000 deep', nested(20_000)],
    ['steps of every wrong type', JSON.stringify(withSteps([5, 'x', null, [], { id: 7, type: ['end'] }, { id: 'w', type: 'wait', minutes: '5', until: [], next: {} }]))],
    ['a step whose settings are nested 2,000 deep', `{"trigger":{"type":"contact_created"},"steps":[{"id":"a","type":"notify","member":"owner","message":${nested(2_000)},"next":"done"},{"id":"done","type":"end"}]}`],
    ['unknown kinds and ways everywhere', JSON.stringify(withSteps([{ id: 'a', type: 'teleport', next: 'a', yes: 5, no: { x: 1 }, branches: 'all' }, { id: 'b', type: 'split', branches: [1, 'x', null, { share: 1e300, next: 'b' }] }]))],
    ['huge numbers', JSON.stringify(withSteps([{ id: 'w', type: 'wait', minutes: 1e300, next: 'done' }, { id: 'p', type: 'adjust_score', points: -1e300, next: 'done' }, end]))],
  ];

  it.each(junkGraphs)('a graph that is %s: created, saved and published, or refused with a code', async (_name, graphJson) => {
    const token = owner.session.accessToken;
    const created = await rest(server, 'POST', '/rpc/create_automation_workflow', {
      token, body: `{"workspace_id":"${owner.organizationId}","name":"Junk","graph":${graphJson}}`,
    });
    expect(created.status, created.text).toBeLessThan(500);
    // Saved over a workflow that exists, and published from there.
    const fresh = await owner.client.rpc('create_automation_workflow', { workspace_id: owner.organizationId, name: 'Junk draft', graph: withSteps([end]) as never });
    const id = fresh.data!.id;
    const saved = await rest(server, 'POST', '/rpc/save_automation_draft', { token, body: `{"workflow_id":"${id}","graph":${graphJson}}` });
    expect(saved.status, saved.text).toBeLessThan(500);
    const published = await rest(server, 'POST', '/rpc/publish_automation_workflow', { token, body: { workflow_id: id } });
    expect(published.status, published.text).toBeLessThan(500);
    if (published.status !== 200) expect((published.json as { code: string }).code, published.text).toMatch(/^(P0001|PGRST\d+)$/);
  });

  it('every automation function, called with wrong types, unknown ids and missing arguments, answers 4xx', async () => {
    const token = owner.session.accessToken;
    const calls: [string, unknown][] = [
      ['create_automation_workflow', { workspace_id: 'not-a-uuid', name: 'x', graph: {} }],
      ['create_automation_workflow', { workspace_id: owner.organizationId, name: ['x'], graph: {} }],
      ['create_automation_workflow', { workspace_id: owner.organizationId, name: 'x'.repeat(100_000), graph: {} }],
      ['create_automation_workflow', { workspace_id: owner.organizationId }],
      ['save_automation_draft', { workflow_id: 42, graph: {} }],
      ['save_automation_draft', { workflow_id: crypto.randomUUID(), graph: {} }],
      ['publish_automation_workflow', { workflow_id: null }],
      ['publish_automation_workflow', { workflow_id: '../../etc' }],
      ['set_automation_workflow_paused', { workflow_id: crypto.randomUUID(), paused: 'maybe' }],
      ['set_automation_workflow_paused', { workflow_id: crypto.randomUUID(), paused: null }],
      ['enroll_contacts_in_automation', { workflow_id: crypto.randomUUID(), filter: [] }],
      ['enroll_contacts_in_automation', { workflow_id: 'x', filter: 'all', dry_run: 'yes' }],
      ['retry_automation_enrollment', { enrollment_id: '00000000-0000-0000-0000-00000000000g' }],
      ['retry_automation_enrollment', { enrollment_id: crypto.randomUUID() }],
      ['automation_workflow_counts', { workspace_id: 5 }],
      ['automation_failed_runs', { workflow_id: {} }],
      ['automation_contact_timeline', { contact_id: [] }],
    ];
    const answers = [];
    for (const [name, body] of calls) {
      const response = await rest(server, 'POST', `/rpc/${name}`, { token, body });
      answers.push({ name, status: response.status, ok: response.status < 500, text: response.text.slice(0, 200) });
    }
    expect(answers.filter((answer) => !answer.ok)).toEqual([]);
  });

  it('a published workflow’s manual enrollment with a filter of every wrong shape answers filter_invalid', async () => {
    const { data } = await owner.client.rpc('create_automation_workflow', { workspace_id: owner.organizationId, name: 'Manual', graph: withSteps([end]) as never });
    expect((await owner.client.rpc('publish_automation_workflow', { workflow_id: data!.id })).error).toBeNull();
    for (const filter of [[], 'x', 5, { stage: 5 }, { band: ['hot'] }, { tag: 'x'.repeat(51) }, { owner: 'someone' }, JSON.parse(nested(200))]) {
      const { error, status } = await owner.client.rpc('enroll_contacts_in_automation', { workflow_id: data!.id, filter: filter as never, dry_run: true });
      expect({ filter: JSON.stringify(filter).slice(0, 20), status, details: error?.details }).toEqual({ filter: JSON.stringify(filter).slice(0, 20), status: 400, details: 'filter_invalid' });
    }
  });

  it('a tampered token (another user’s id, or the service role, without the signature) is refused before anything runs', async () => {
    const [header, payload, signature] = owner.session.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    for (const forged of [{ ...claims, sub: other.id }, { ...claims, role: 'service_role' }]) {
      const token = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
      const response = await rest(server, 'POST', '/rpc/automation_workflow_counts', { token, body: { workspace_id: other.organizationId } });
      expect(response.status).toBe(401);
    }
  });
});

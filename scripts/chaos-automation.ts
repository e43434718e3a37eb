// The automation part of `npm run chaos` (issue 29): the real server on a throwaway data directory with two
// `npm run worker` processes, a slow SMTP server (40 ms per message) and a real HTTP receiver on 127.0.0.2
// (OUTBOUND_ALLOW_PRIVATE) that answers after 100 ms. One workspace publishes a workflow (contact created → adjust score
// +1 → send an e-mail → notify the owner in the app and by e-mail → call a webhook → add a tag → end); contacts are
// created through /rest/v1 one after another while a worker is killed with SIGKILL and started again, N times. Once
// every run is finished and every e-mail and webhook settled: runs lost, score adjusted more than once, e-mails and
// notices queued more than once per run, SMTP messages and distinct Message-IDs, webhook messages per run and distinct
// webhook-ids at the receiver, failed jobs; the run exits 1 when one of those promises is broken
// (scripts/chaos-automation-verdict.ts).
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../server/src/db/embedded';
import { anonKeyOf, openEmbedded, signUp, sleep, startServer } from '../tests/support/chaos-harness';
import { startSmtpSink } from '../tests/support/smtp-sink';
import { startWebhookReceiver } from '../tests/support/webhook-receiver';
import { automationChaosProblems } from './chaos-automation-verdict';

interface WorkerProcess {
  child: { kill(signal: NodeJS.Signals): void };
  exited: Promise<void>;
}

async function post(url: string, anonKey: string, token: string, pathname: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${url}${pathname}`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', prefer: 'return=representation' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

const graph = (ownerId: string, endpointId: string) => ({
  trigger: { type: 'contact_created' },
  enrollment: 'once',
  steps: [
    { id: 'points', type: 'adjust_score', points: 1, next: 'mail' },
    { id: 'mail', type: 'send_email', subject: 'Chaos welcome', body: 'Hello {{first_name}}', next: 'tell' },
    { id: 'tell', type: 'notify', member: ownerId, message: 'Chaos notice', email: true, next: 'hook' },
    { id: 'hook', type: 'webhook', endpoint_id: endpointId, next: 'tag' },
    { id: 'tag', type: 'add_tag', tag: 'chaos-done', next: 'done' },
    { id: 'done', type: 'end' },
  ],
});

export async function runAutomationChaos(kills: number, startWorker: (dataDir: string, env: Record<string, string>) => WorkerProcess, contacts = 150): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bb-chaos-automation-'));
  await chmod(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  const sink = await startSmtpSink({ acceptDelayMs: 40 });
  const receiver = await startWebhookReceiver('127.0.0.2');
  receiver.behaviours.set('/hook', (_request, response) => void setTimeout(() => response.end('ok'), 100));
  const env = {
    PORT: String(await freePort()),
    JOB_RUNNER: 'false',
    JOB_CONCURRENCY: '4',
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    OUTBOUND_ALLOW_PRIVATE: '127.0.0.2',
    OUTBOUND_ALLOW_PORTS: '*',
  };
  const server = startServer(dataDir, env);
  const workers: WorkerProcess[] = [];
  let sql: Awaited<ReturnType<typeof openEmbedded>> | undefined;
  try {
    const url = await server.ready;
    workers.push(startWorker(dataDir, env), startWorker(dataDir, env));
    const anonKey = await anonKeyOf(dataDir);
    const token = await signUp(url, anonKey, 'chaos-automation');
    const userId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
    sql = await openEmbedded(dataDir);
    const db = sql;
    const waitUntil = Date.now() + 60_000;
    while (!(await db<{ alive: boolean }[]>`select private.job_worker_alive() as alive`)[0]!.alive) {
      if (Date.now() > waitUntil) throw new Error('no worker signalled within 60 s');
      await sleep(100);
    }
    const [profile] = await db<{ organization_id: string }[]>`select organization_id from public.profiles where user_id = ${userId}`;
    const workspaceId = profile!.organization_id;
    const endpoint = (await post(url, anonKey, token, '/rest/v1/rpc/create_webhook_endpoint', { workspace_id: workspaceId, url: `${receiver.origin}/hook`, events: ['content.published'] })) as { id: string };
    const workflow = (await post(url, anonKey, token, '/rest/v1/rpc/create_automation_workflow', { workspace_id: workspaceId, name: 'Chaos', graph: graph(userId, endpoint.id) })) as { id: string };
    await post(url, anonKey, token, '/rest/v1/rpc/publish_automation_workflow', { workflow_id: workflow.id });
    const started = performance.now();
    let created = 0;
    const creating = (async () => {
      while (created < contacts) {
        await post(url, anonKey, token, '/rest/v1/contacts', { organization_id: workspaceId, first_name: `C${created}`, email: `chaos-${created}@automation.example` });
        created += 1;
        await sleep(30);
      }
    })();
    for (let n = 0; n < kills; n += 1) {
      await sleep(1200);
      const index = n % workers.length;
      workers[index]!.child.kill('SIGKILL');
      await workers[index]!.exited;
      workers[index] = startWorker(dataDir, env);
      process.stdout.write('.');
    }
    await creating;
    const deadline = Date.now() + 180_000;
    const pending = async () =>
      (await db<{ n: number }[]>`
        select (${contacts} - (select count(*)::int from public.automation_enrollments where workflow_id = ${workflow.id} and status = 'finished'))
             + (select count(*)::int from public.email_deliveries where kind = 'automation' and status in ('queued', 'sending'))
             + (select count(*)::int from private.outgoing_emails where kind = 'automation_notice' and sent_at is null and unconfirmed_at is null and cancelled_at is null)
             + (select count(*)::int from public.webhook_deliveries where status not in ('succeeded', 'unconfirmed')) as n`)[0]!.n;
    while ((await pending()) > 0 && Date.now() < deadline) await sleep(500);
    const [audit] = await db<{
      enrolled: number; finished: number; failed: number; twice_scored: number; untagged: number; emails: number; runs_with_two_emails: number; sent: number;
      unconfirmed: number; notices: number; notice_emails: number; notice_unconfirmed: number; runs_with_two_notices: number; webhook_messages: number; held: number; failed_jobs: number;
    }[]>`
      select (select count(*)::int from public.automation_enrollments where workflow_id = ${workflow.id}) as enrolled,
             (select count(*)::int from public.automation_enrollments where workflow_id = ${workflow.id} and status = 'finished') as finished,
             (select count(*)::int from public.automation_enrollments where workflow_id = ${workflow.id} and status = 'failed') as failed,
             (select count(*)::int from public.contacts where organization_id = ${workspaceId} and score_adjustment <> 1) as twice_scored,
             (select count(*)::int from public.contacts where organization_id = ${workspaceId} and not 'chaos-done' = any(tags)) as untagged,
             (select count(*)::int from public.email_deliveries where kind = 'automation') as emails,
             (select count(*)::int from (select split_part(request_key, ':', 2) from public.email_deliveries where kind = 'automation'
                group by 1 having count(*) > 1) x) as runs_with_two_emails,
             (select count(*)::int from public.email_deliveries where kind = 'automation' and status = 'sent') as sent,
             (select count(*)::int from public.email_deliveries where kind = 'automation' and status = 'unconfirmed') as unconfirmed,
             (select count(*)::int from private.outgoing_emails where kind = 'automation_notice' and unconfirmed_at is not null) as notice_unconfirmed,
             (select count(*)::int from public.member_notices where organization_id = ${workspaceId}) as notices,
             (select count(*)::int from private.outgoing_emails where kind = 'automation_notice') as notice_emails,
             (select count(*)::int from (select payload ->> 'request_key' from private.outgoing_emails where kind = 'automation_notice'
                group by 1 having count(*) > 1) x) as runs_with_two_notices,
             (select count(*)::int from public.webhook_events where organization_id = ${workspaceId} and event_type = 'automation.webhook') as webhook_messages,
             (select count(*)::int from public.webhook_deliveries where organization_id = ${workspaceId} and status = 'unconfirmed') as held,
             (select count(*)::int from private.failed_jobs where task like 'automation%') as failed_jobs`;
    const ours = sink.messages.filter((message) => message.includes('Chaos welcome'));
    const distinct = new Set(ours.map((message) => /^Message-ID: (.+)$/im.exec(message)?.[1] ?? message));
    const a = audit!;
    const noticeMessages = sink.messages.filter((message) => message.includes('Chaos notice'));
    const noticeIds = new Set(noticeMessages.map((message) => /^Message-ID: (.+)$/im.exec(message)?.[1] ?? message));
    console.log(`\nkill -9 of a worker (of 2) × ${kills}, while ${contacts} contacts entered a 6-step workflow (score, e-mail, notice by e-mail, webhook, tag, end)`);
    console.log(`  everything done ${(await pending()) === 0 ? `${((performance.now() - started) / 1000).toFixed(1)} s after the first contact` : 'NOT within 180 s'}`);
    console.log(`  runs: ${a.enrolled} entered of ${contacts} (${contacts - a.enrolled} lost), ${a.finished} finished, ${a.failed} failed; contacts scored other than once ${a.twice_scored}, without the tag ${a.untagged}`);
    console.log(`  e-mails: ${a.emails} queued for ${a.enrolled} runs (${a.runs_with_two_emails} runs with two), ${a.sent} sent, ${a.unconfirmed} held unconfirmed (a kill after the final dot went out); SMTP messages ${ours.length}, distinct Message-IDs ${distinct.size} (${ours.length - distinct.size} delivered again: killed between DATA and its reply)`);
    const hooks = receiver.to('/hook');
    const hookIds = new Set(hooks.map((entry) => entry.id));
    console.log(`  notices: ${a.notices} in the app, ${a.notice_emails} e-mails queued (${a.runs_with_two_notices} runs with two), ${a.notice_unconfirmed} held unconfirmed; SMTP messages ${noticeMessages.length}, distinct Message-IDs ${noticeIds.size}`);
    console.log(`  webhooks: ${a.webhook_messages} messages for ${a.enrolled} runs; receiver ${hooks.length} requests, ${hookIds.size} distinct webhook-ids (${hooks.length - hookIds.size} sent again with the same id); held unconfirmed ${a.held}`);
    console.log(`  failed automation jobs: ${a.failed_jobs}`);
    // The run fails (exit code 1) when a promise is broken: a chaos run that only printed could not fail.
    const problems = automationChaosProblems({
      contacts, settled: (await pending()) === 0, enrolled: a.enrolled, finished: a.finished, failed: a.failed, twiceScored: a.twice_scored,
      untagged: a.untagged, emails: a.emails, runsWithTwoEmails: a.runs_with_two_emails, sent: a.sent, smtpMessageIds: distinct.size,
      notices: a.notices, noticeEmails: a.notice_emails, runsWithTwoNotices: a.runs_with_two_notices, webhookMessages: a.webhook_messages,
      webhookIds: hookIds.size, failedJobs: a.failed_jobs,
    });
    if (problems.length > 0) {
      process.exitCode = 1;
      console.log(`  FAILED: ${problems.join('; ')}`);
    } else {
      console.log('  passed: every run once, every effect once');
    }
  } finally {
    await sql?.end({ timeout: 1 }).catch(() => {});
    for (const worker of workers) {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
    server.child.kill('SIGTERM');
    await server.exited;
    await sink.close();
    await receiver.close();
    await rm(dir, { recursive: true, force: true });
  }
}

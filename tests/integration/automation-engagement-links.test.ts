import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowGraph } from '../../src/features/automation/utils/workflow-graph';
import { publishWorkflow } from '../support/automation';
import { createCampaign, createList, drain, htmlOf, seedSubscribers, unsubscribeTokenOf } from '../support/email';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startRealSmtpServer, type RealSmtpServer } from '../support/smtp-server';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

/**
 * The "e-mail opened" and "e-mail clicked" triggers (issue 29 §2) end to end through the Email Platform: a campaign
 * sent by the job runner to a real SMTP server in this test, the open pixel and the click redirect requested as a mail
 * client would (the URLs found in the delivered message), and the workflows listening for them enroll the recipient.
 * Real server, real PostgreSQL, supabase-js, the server's own job runner.
 */

let smtp: RealSmtpServer;
let server: TestServer;
let owner: SignedInUser;

const tagging = (trigger: WorkflowGraph['trigger'], tag: string): WorkflowGraph => ({
  trigger,
  enrollment: 'once',
  steps: [{ id: 'tag', type: 'add_tag', tag, next: 'done' }, { id: 'done', type: 'end' }],
});

beforeAll(async () => {
  smtp = await startRealSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, SMTP_FROM: 'Beyond Brochures <team@bb.test>', EMAIL_RATE_PER_SECOND: '1000' });
  owner = await signedInUser(server);
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const enrolled = async (workflowId: string) =>
  (await server.sql<{ contact_id: string; status: string }[]>`
    select contact_id, status from public.automation_enrollments where workflow_id = ${workflowId} order by entered_at`).map((row) => ({ ...row }));

describe('opened / clicked triggers through the real pixel and click redirect', () => {
  it('a recipient who opens the delivered message enters the "opened" workflow, one who clicks enters the "clicked" one', async () => {
    const ws = owner.organizationId;
    await owner.client.from('email_settings').update({ track_opens: true, track_clicks: true }).eq('organization_id', ws);
    const list = await createList(owner.client, ws, { opt_in: 'single' });
    const [openerAddress, clickerAddress] = [uniqueEmail('opener'), uniqueEmail('clicker')];
    const [opener, clicker] = await seedSubscribers(server.sql, ws, list.id, [openerAddress, clickerAddress], { first_name: 'Rae' });
    const campaignId = await createCampaign(owner.client, ws, [list.id]);
    const opened = await publishWorkflow(owner, tagging({ type: 'email_opened', campaign_id: campaignId }, 'opened-it'));
    const clicked = await publishWorkflow(owner, tagging({ type: 'email_clicked', campaign_id: campaignId }, 'clicked-it'));

    const { error } = await owner.client.rpc('send_email_campaign', { campaign_id: campaignId });
    expect(error).toBeNull();
    await drain(server);
    const toOpener = smtp.to(openerAddress)[0]!;
    const toClicker = smtp.to(clickerAddress)[0]!;
    expect(toOpener).toBeDefined();
    expect(toClicker).toBeDefined();
    // Nobody has engaged yet: nobody entered.
    expect(await enrolled(opened)).toEqual([]);
    expect(await enrolled(clicked)).toEqual([]);

    // The opener's mail client loads the pixel found in the delivered message.
    const pixel = htmlOf(toOpener).match(/src="(http:\/\/127\.0\.0\.1:\d+\/e\/o\/[^"]+)"/)?.[1];
    expect(pixel).toContain(`/e/o/${unsubscribeTokenOf(toOpener)}`);
    const image = await fetch(pixel!);
    expect(image.headers.get('content-type')).toBe('image/gif');
    await image.arrayBuffer();
    await drain(server);
    expect(await enrolled(opened)).toEqual([{ contact_id: opener, status: 'finished' }]);
    expect(await enrolled(clicked)).toEqual([]);

    // The clicker follows a link of the delivered message: redirected to its target, and enters the click workflow.
    const link = htmlOf(toClicker).match(/href="(http:\/\/127\.0\.0\.1:\d+\/e\/c\/[^"]+)"/)?.[1];
    expect(link).toBeDefined();
    const redirect = await fetch(link!, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toMatch(/^https:\/\/example\.com\//);
    await drain(server);
    expect(await enrolled(clicked)).toEqual([{ contact_id: clicker, status: 'finished' }]);
    const tags = await server.sql<{ id: string; tags: string[] }[]>`select id, tags from public.contacts where id in (${opener!}, ${clicker!})`;
    expect(tags.find((row) => row.id === opener)!.tags).toContain('opened-it');
    expect(tags.find((row) => row.id === clicker)!.tags).toContain('clicked-it');
    expect(tags.find((row) => row.id === clicker)!.tags).not.toContain('opened-it');

    // The same pixel loaded again enrolls no one again.
    await (await fetch(pixel!)).arrayBuffer();
    await drain(server);
    expect(await enrolled(opened)).toHaveLength(1);
  });
});

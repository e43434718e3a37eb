import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../../server/src/jobs/enqueue-job';
import { startJobRunner, type JobRunner } from '../../server/src/jobs/job-runner';
import { publishContent } from '../../server/src/jobs/tasks/publish-content';
import { renderContentHtml } from '../../server/src/jobs/tasks/render-content-html';
import { RENDER_SWEEP_KEY } from '../../server/src/jobs/schedules';
import { renderStaleContentHtmlTask } from '../../server/src/jobs/tasks/render-stale-content-html';
import { createOutboundClient } from '../../server/src/lib/outbound/outbound-client';
import { STRICT_POLICY } from '../../server/src/lib/outbound/url-policy';
import { CONTENT_HTML_RENDERER } from '../../server/src/modules/blog/content-html-renderer';
import { createBlogWorld, type BlogWorld } from '../support/blog';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The public blog's HTML made by the job runner alone, as on hosted Supabase: the server runs no runner and no blog
 * page is ever requested (its request-time rendering never runs); anon reads through supabase-js. First no worker
 * (the database queues the renderings it needs), then a runner with the rendering tasks: items appear, edits follow,
 * a scheduled item is rendered by its publishing job, the sweep catches what no job covered, and a job naming
 * another workspace's item is refused.
 */

let server: TestServer;
let blog: BlogWorld;
let runner: JobRunner | undefined;

const renderKey = (id: string) => `content:${id}:render`;
const backlog = (id: string) => server.sql<{ task: string; payload: unknown }[]>`select task, payload from private.job_backlog where job_key = ${renderKey(id)}`;
const anonPost = async (slug: string) => {
  const { data, error } = await server.client().rpc('get_public_blog_post', { blog_slug: blog.slug, post_slug: slug });
  expect(error).toBeNull();
  return data!;
};
const storedHtml = (id: string) => server.sql<{ html: string; renderer: string }[]>`select html, renderer from private.content_item_html where content_item_id = ${id}`;

beforeAll(async () => {
  server = await startTestServer({}, { jobRunner: false });
  blog = await createBlogWorld(server, 'rendered-by-jobs', 'Worker Journal');
});

afterAll(async () => {
  await runner?.stop();
  await server?.close();
});

async function startRunner(): Promise<JobRunner> {
  runner = await startJobRunner({
    databaseUrl: server.config.databaseUrl!,
    services: { sql: server.sql, mail: { async deliver() {}, close() {} }, siteUrl: server.url, analyticsRollupSeconds: 0, outbound: createOutboundClient({ policy: STRICT_POLICY }) },
    log: { debug() {}, info() {}, warn() {}, error() {} },
    tasks: [renderContentHtml, renderStaleContentHtmlTask, publishContent],
    cron: false,
  });
  return runner;
}

describe('blog HTML rendered by the job runner', () => {
  let published: { id: string; slug: string };
  let scheduled: { id: string; slug: string };
  let missed: { id: string; slug: string };

  it('before any worker: the database queues a rendering for each published item, keyed by the item, and nothing shows', async () => {
    published = await blog.addItem({ title: 'Rendered by a worker', content: 'Hello <script>alert(1)</script>**world**' });
    const draft = await blog.addItem({ title: 'Only a draft', status: 'draft', content: 'Secret' });
    const { data, error } = await blog.owner.client
      .from('content_items')
      .insert({ organization_id: blog.owner.organizationId, user_id: blog.owner.id, title: 'Tomorrow’s news', content: 'Ready *ahead*', planned_publish_at: new Date(Date.now() + 86_400_000).toISOString(), publish_on_schedule: true })
      .select('id, slug')
      .single();
    expect(error).toBeNull();
    scheduled = data!;

    expect(await backlog(published.id)).toEqual([{ task: 'render_content_html', payload: { workspace_id: blog.owner.organizationId, content_item_id: published.id } }]);
    // Not published yet: its publishing job will render it.
    expect(await backlog(scheduled.id)).toEqual([]);
    expect(await backlog(draft.id)).toEqual([]);

    // The title is not part of the HTML: renaming queues nothing; new Markdown queues it again (one job per item).
    await server.sql`delete from private.job_backlog where job_key = ${renderKey(published.id)}`;
    await blog.owner.client.from('content_items').update({ title: 'Rendered by a worker, renamed' }).eq('id', published.id).throwOnError();
    expect(await backlog(published.id)).toEqual([]);
    await blog.owner.client.from('content_items').update({ content: 'Hello <script>alert(1)</script>**world**, again' }).eq('id', published.id).throwOnError();
    await blog.owner.client.from('content_items').update({ content: 'Hello <script>alert(1)</script>**world**' }).eq('id', published.id).throwOnError();
    expect(await backlog(published.id)).toHaveLength(1);

    // Published before any worker, and its job lost: the sweep's to find.
    missed = await blog.addItem({ title: 'Missed by its job', content: 'Found by the *sweep*' });
    await server.sql`delete from private.job_backlog where job_key = ${renderKey(missed.id)}`;

    // Published by hand when its HTML was already made from that Markdown (as the publishing job does): no rendering.
    const ready = await blog.addItem({ title: 'Rendered already', status: 'draft', content: 'Same' });
    await server.sql`insert into private.content_item_html (content_item_id, html, source_md5, renderer) values (${ready.id}, '<p>Same</p>', md5('Same'), ${CONTENT_HTML_RENDERER})`;
    await blog.owner.client.from('content_items').update({ status: 'published' }).eq('id', ready.id).throwOnError();
    expect(await backlog(ready.id)).toEqual([]);

    expect(await anonPost(published.slug)).toEqual([]);
    expect(await server.sql`select content_item_id from private.content_item_html where content_item_id <> ${ready.id}`).toEqual([]);
  });

  it('once a worker runs, the published items appear for anon with sanitised HTML; a scheduled one when its job publishes it', async () => {
    await startRunner();
    await runner!.drain();
    const [post] = await anonPost(published.slug);
    expect(post).toMatchObject({ title: 'Rendered by a worker, renamed', content_html: '<p>Hello <strong>world</strong></p>\n' });
    // Found by the sweep every worker queues when it starts.
    expect((await anonPost(missed.slug))[0]?.content_html).toBe('<p>Found by the <em>sweep</em></p>\n');
    expect(await anonPost(scheduled.slug)).toEqual([]);

    // Its moment comes (moved through the database): its job renders it, then publishes it.
    await server.sql`update public.content_items set planned_publish_at = now() - interval '1 second' where id = ${scheduled.id}`;
    await runner!.drain();
    expect((await anonPost(scheduled.slug))[0]?.content_html).toBe('<p>Ready <em>ahead</em></p>\n');
  });

  it('an edit of the Markdown reaches the blog through its job', async () => {
    await blog.owner.client.from('content_items').update({ content: 'Edited <a href="javascript:alert(1)" onclick="alert(2)">*text*</a>' }).eq('id', published.id).throwOnError();
    await runner!.drain();
    const html = (await anonPost(published.slug))[0]!.content_html;
    expect(html).toContain('<em>text</em>');
    expect(html).not.toMatch(/alert|javascript|onclick/);
  });

  it('the sweep renders again what an older renderer made, in bounded runs', async () => {
    await server.sql`update private.content_item_html set renderer = 'an-older-renderer', html = '<p>old</p>' where content_item_id = ${missed.id}`;
    await enqueueJob(server.sql, renderStaleContentHtmlTask, {}, { jobKey: RENDER_SWEEP_KEY });
    await runner!.drain();
    expect(await storedHtml(missed.id)).toEqual([{ html: '<p>Found by the <em>sweep</em></p>\n', renderer: CONTENT_HTML_RENDERER }]);
  });

  it('refuses a job whose payload names another workspace than the item’s: nothing rendered, a failed job with the reason', async () => {
    const other = await createBlogWorld(server, 'another-journal', 'Another Journal');
    const theirs = await other.addItem({ title: 'Their article', content: 'Theirs' });
    await runner!.drain();
    await server.sql`delete from private.content_item_html where content_item_id = ${theirs.id}`;
    await enqueueJob(server.sql, renderContentHtml, { workspace_id: blog.owner.organizationId, content_item_id: theirs.id });
    await runner!.drain();
    expect(await storedHtml(theirs.id)).toEqual([]);
    const failures = await server.sql`select task, workspace_id, last_error from private.failed_jobs where payload ->> 'content_item_id' = ${theirs.id}`;
    expect(failures).toEqual([{ task: 'render_content_html', workspace_id: blog.owner.organizationId, last_error: `content item ${theirs.id} does not belong to workspace ${blog.owner.organizationId}` }]);
  });
});

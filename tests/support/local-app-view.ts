import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalAppView {
  /** http://localhost:<port>: the PDS's bskyAppViewUrl. */
  url: string;
  /** How many getPosts requests it has answered. */
  requests(): number;
  /** Where to count from (set once the PDS is up). */
  usePds(pdsUrl: string): void;
  close(): Promise<void>;
}

interface Listed<T> {
  uri: string;
  cid: string;
  value: T;
}

/**
 * A stand-in for Bluesky's AppView that answers `app.bsky.feed.getPosts` only, counting from the local PDS's real
 * records: the AppView itself (@atproto/bsky with its data plane) cannot run here, while likes, reposts and replies
 * are records in the repositories of the accounts that made them. It lists every repository of the PDS
 * (com.atproto.sync.listRepos) and their `app.bsky.feed.like` / `.repost` / `.post` records (com.atproto.repo
 * .listRecords), and answers with the documented postView (uri, cid, author, record, likeCount, repostCount,
 * replyCount, indexedAt). The PDS passes app.bsky.* calls to it exactly as it passes them to api.bsky.app.
 */
export async function startLocalAppView(): Promise<LocalAppView> {
  let pdsUrl = '';
  let requests = 0;
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${pdsUrl}/xrpc/${path}`);
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return (await response.json()) as T;
  };
  const records = async <T>(did: string, collection: string) =>
    (await get<{ records: Listed<T>[] }>(`com.atproto.repo.listRecords?repo=${encodeURIComponent(did)}&collection=${collection}&limit=100`)).records;

  async function getPosts(uris: string[]) {
    const { repos } = await get<{ repos: Array<{ did: string }> }>('com.atproto.sync.listRepos?limit=1000');
    const likes: string[] = [];
    const reposts: string[] = [];
    const replies: string[] = [];
    const posts = new Map<string, Listed<Record<string, unknown>> & { did: string }>();
    for (const { did } of repos) {
      for (const like of await records<{ subject: { uri: string } }>(did, 'app.bsky.feed.like')) likes.push(like.value.subject.uri);
      for (const repost of await records<{ subject: { uri: string } }>(did, 'app.bsky.feed.repost')) reposts.push(repost.value.subject.uri);
      for (const post of await records<{ reply?: { parent: { uri: string } } }>(did, 'app.bsky.feed.post')) {
        posts.set(post.uri, { ...post, did });
        if (post.value.reply) replies.push(post.value.reply.parent.uri);
      }
    }
    const countOf = (list: string[], uri: string) => list.filter((subject) => subject === uri).length;
    return uris.flatMap((uri) => {
      const post = posts.get(uri);
      if (!post) return [];
      return [{
        uri, cid: post.cid, author: { did: post.did, handle: 'handle.invalid' }, record: post.value,
        likeCount: countOf(likes, uri), repostCount: countOf(reposts, uri), replyCount: countOf(replies, uri), quoteCount: 0,
        indexedAt: new Date().toISOString(),
      }];
    });
  }

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== '/xrpc/app.bsky.feed.getPosts') {
      response.writeHead(501, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'MethodNotImplemented', message: url.pathname }));
      return;
    }
    requests += 1;
    getPosts(url.searchParams.getAll('uris')).then(
      (posts) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ posts })),
      (error: Error) => response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'InternalServerError', message: error.message })),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    usePds: (url) => (pdsUrl = url),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

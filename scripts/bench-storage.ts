// `npm run bench:storage`: Storage through the real server process (embedded PostgreSQL, migrations, a workspace
// member's token, a private bucket), against a plain file copy on the same disk in the same run.
//
// 1. Throughput of 1 MB (30 times) and 100 MB (5 times) objects: upload (raw body streamed from a file, as
//    supabase-js sends a stream) and download (streamed to a file), each as MB/s and as a ratio to copying the same
//    file on the same disk: `fs.copyFile` (what cp does) and a read-and-write stream copy. Medians. Once with the
//    default ETags (named by the write) and once with STORAGE_FILE_ETAG_ALGORITHM=md5 (every upload hashed). And the
//    same transfers with a bare node:http server that only pipes bytes (the ceiling for a Node server here).
// 2. The server's memory (RSS, from /proc) while 10 uploads of 100 MB run at once: before, peak, and the bytes
//    uploaded, so a server holding objects in memory would show.
// 3. A 500 MB resumable upload (TUS, 6 MB chunks, tus-js-client) through a proxy that drops every connection
//    twice: the time it took and whether the stored object's MD5 equals the file's.
// 4. Thumbnails per second: the make_asset_variants job's image work (deriveImages: a 400 px thumbnail and WebP 320
//    and 1280 with sharp) on a 3000 × 2000 JPEG photo, one after another in this process, as one worker runs them.
// The objects go to a bench-only private bucket `bench` with the policies the `assets` bucket had before the asset
// library reserved its paths (a workspace folder, members write; 20261128070000_create_assets_bucket.sql): the
// figures are Storage's, not the library's reservations.
// Prints figures only; asserts nothing. The machine is shared (shared/design/measuring.md): figures are noisy.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { chmod, copyFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { Upload } from 'tus-js-client';
import { createSql, ensureDatabase, withDatabase, type Sql } from '../server/src/db/client';
import { startEmbeddedPostgres } from '../server/src/db/embedded';
import { migrate } from '../server/src/db/migrate';
import { deriveImages } from '../server/src/jobs/assets/derive-images';
import { deriveApiKeys } from '../server/src/lib/api-keys';
import { insertUser } from '../server/src/modules/auth/user-store';
import { MIGRATIONS_DIR, SHIM_DIR } from '../server/src/project-paths';
import { startTcpProxy } from '../tests/support/tcp-proxy';
import { loadAverage, sessionToken, startServerProcess } from './bench-support';

const MB = 1024 * 1024;
const agent = new http.Agent({ keepAlive: true });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fixed = (value: number, digits = 0) => value.toFixed(digits);

async function makeFile(file: string, bytes: number): Promise<void> {
  const out = createWriteStream(file);
  for (let written = 0; written < bytes; written += MB) out.write(randomBytes(Math.min(MB, bytes - written)));
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const began = performance.now();
  await work();
  return (performance.now() - began) / 1000;
}

interface Api {
  url: string;
  anonKey: string;
  token: string;
}

/** A raw-body upload streamed from the file with node:http (what a client streaming a file sends). */
function upload(api: Api, name: string, file: string, prefix = '/storage/v1/object/bench/'): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${api.url}${prefix}${name}`, {
      method: 'POST',
      agent,
      headers: { apikey: api.anonKey, authorization: `Bearer ${api.token}`, 'content-type': 'application/octet-stream', 'x-upsert': 'true' },
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`upload ${name}: ${response.statusCode} ${body}`))));
    });
    request.on('error', reject);
    createReadStream(file, { highWaterMark: MB }).pipe(request);
  });
}

/** A download streamed to a file. */
function download(api: Api, name: string, file: string, prefix = '/storage/v1/object/authenticated/bench/'): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(`${api.url}${prefix}${name}`, { agent, headers: { apikey: api.anonKey, authorization: `Bearer ${api.token}` } }, (response) => {
        if (response.statusCode !== 200) return reject(new Error(`download ${name}: ${response.statusCode}`));
        pipeline(response, createWriteStream(file)).then(resolve, reject);
      })
      .on('error', reject);
  });
}

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}

/**
 * The ceiling for any Node HTTP server here: a bare `node:http` server in its own process that pipes a request body
 * to a file and a file to the response, nothing else (no routing, no database, no checks).
 */
const BARE_SERVER = `
const http = require('node:http'); const fs = require('node:fs'); const { pipeline } = require('node:stream/promises');
const dir = process.argv[1];
http.createServer(async (req, res) => {
  const file = dir + '/bare-' + req.url.split('/').pop();
  if (req.method === 'POST') { await pipeline(req, fs.createWriteStream(file)); res.end('ok'); }
  else fs.createReadStream(file, { highWaterMark: 256 * 1024 }).pipe(res);
}).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;

async function startBareServer(dir: string): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ['-e', BARE_SERVER, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

interface Times {
  copies: number[];
  streams: number[];
  uploads: number[];
  downloads: number[];
  bareUploads: number[];
  bareDownloads: number[];
}

/** Each run: the two copies, the API's upload and download, the bare server's upload and download of one file. */
async function measure(api: Api, bareUrl: string, dir: string, workspace: string, size: number, runs: number): Promise<Times> {
  const source = path.join(dir, `source-${size}`);
  if (!(await stat(source).catch(() => undefined))) await makeFile(source, size * MB);
  const times: Times = { copies: [], streams: [], uploads: [], downloads: [], bareUploads: [], bareDownloads: [] };
  for (let run = 0; run < runs; run++) {
    const target = path.join(dir, `target-${size}-${run}`);
    times.copies.push(await timed(() => copyFile(source, target)));
    await rm(target);
    times.streams.push(await timed(() => pipeline(createReadStream(source, { highWaterMark: MB }), createWriteStream(target))));
    await rm(target);
    times.uploads.push(await timed(() => upload(api, `${workspace}/bench/${size}-${run}.bin`, source)));
    times.downloads.push(await timed(() => download(api, `${workspace}/bench/${size}-${run}.bin`, target)));
    await rm(target);
    times.bareUploads.push(await timed(() => upload({ ...api, url: bareUrl }, String(size), source, '/')));
    times.bareDownloads.push(await timed(() => download({ ...api, url: bareUrl }, String(size), target, '/')));
    await rm(target);
  }
  return times;
}

async function throughput(api: Api, dir: string, workspace: string, size: number, runs: number): Promise<void> {
  const bare = await startBareServer(dir);
  let times: Times;
  try {
    times = await measure(api, bare.url, dir, workspace, size, runs);
  } finally {
    bare.stop();
  }
  const rate = (seconds: number) => size / seconds;
  // Medians, and the best run of each (on a machine others share, the best runs are the least disturbed ones).
  for (const [label, pick] of [['median', median], ['best', (values: number[]) => Math.min(...values)]] as const) {
    const [copy, stream, up, down, bareUp, bareDown] = [times.copies, times.streams, times.uploads, times.downloads, times.bareUploads, times.bareDownloads].map((values) => rate(pick(values)));
    const of = (value: number) => `${fixed(value / copy!, 2)} of copyFile, ${fixed(value / stream!, 2)} of stream copy`;
    console.log(
      `${String(size).padStart(3)} MB × ${runs}, ${label.padEnd(6)}: copyFile ${fixed(copy!)} MB/s, stream copy ${fixed(stream!)} MB/s | ` +
        `upload ${fixed(up!)} MB/s (${of(up!)}; ${fixed(up! / bareUp!, 2)} of bare node:http ${fixed(bareUp!)}) | ` +
        `download ${fixed(down!)} MB/s (${of(down!)}; ${fixed(down! / bareDown!, 2)} of bare node:http ${fixed(bareDown!)})`,
    );
  }
}

async function memory(api: Api, pid: number, dir: string, workspace: string): Promise<void> {
  const source = path.join(dir, 'source-100');
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const seconds = await timed(() => Promise.all(Array.from({ length: 10 }, (_, n) => upload(api, `${workspace}/bench/parallel-${n}.bin`, source))));
  clearInterval(sampler);
  console.log(`10 × 100 MB uploads at once: ${fixed(seconds, 1)} s (${fixed(1000 / seconds)} MB/s); server RSS ${fixed(before)} MB before, peak ${fixed(peak)} MB (target < 250 MB)`);
}

async function resumable(api: Api, dir: string, workspace: string): Promise<void> {
  const source = path.join(dir, 'source-500');
  await makeFile(source, 500 * MB);
  const proxy = await startTcpProxy(api.url);
  const bytes = await readFile(source);
  let cuts = 0;
  const name = `${workspace}/bench/resumable-500.bin`;
  const seconds = await timed(
    () =>
      new Promise<void>((resolve, reject) => {
        new Upload(bytes, {
          endpoint: `${proxy.url.replace(/\/$/, '')}/storage/v1/upload/resumable`,
          retryDelays: [0, 200, 500, 1000],
          headers: { authorization: `Bearer ${api.token}`, apikey: api.anonKey, 'x-upsert': 'true' },
          metadata: { bucketName: 'bench', objectName: name, contentType: 'video/mp4', cacheControl: '3600' },
          chunkSize: 6 * MB,
          onProgress: (sent) => {
            if ((cuts === 0 && sent > 200 * MB) || (cuts === 1 && sent > 400 * MB)) {
              cuts += 1;
              void proxy.setMode('pass');
            }
          },
          onError: reject,
          onSuccess: () => resolve(),
        }).start();
      }),
  );
  await proxy.close();
  const stored = path.join(dir, 'resumable-back');
  await download(api, name, stored);
  const md5 = async (file: string) => {
    const hash = createHash('md5');
    await pipeline(createReadStream(file), new Writable({ write: (chunk, _encoding, done) => (hash.update(chunk), done()) }));
    return hash.digest('hex');
  };
  const same = (await md5(stored)) === createHash('md5').update(bytes).digest('hex');
  console.log(`500 MB resumable (TUS, 6 MB chunks), ${cuts} dropped connections: ${fixed(seconds, 1)} s (${fixed(500 / seconds)} MB/s), stored object ${same ? 'identical' : 'DIFFERENT'} (${(await stat(stored)).size} bytes)`);
}

async function thumbnails(runs: number): Promise<void> {
  const [width, height] = [3000, 2000];
  const photo = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).blur(2).jpeg({ quality: 85 }).toBuffer();
  await deriveImages(photo);
  const seconds = await timed(async () => {
    for (let run = 0; run < runs; run++) await deriveImages(photo);
  });
  console.log(`thumbnails: ${runs} photos of ${width} × ${height} (${fixed(photo.length / MB, 1)} MB JPEG) → thumbnail + WebP 320 + WebP 1280 each: ${fixed(runs / seconds, 1)} photos/s`);
}

/** The bench's bucket: private, a workspace's folder readable by its viewers and writable by its members. */
async function createBenchBucket(sql: Sql): Promise<void> {
  const folder = (role: string) => `bucket_id = 'bench' and (storage.foldername(name))[1] in (select private.storage_workspace_folders('${role}'))`;
  await sql.begin((tx) => [
    tx`insert into storage.buckets (id, name, public) values ('bench', 'bench', false) on conflict (id) do nothing`,
    tx.unsafe(`create policy "bench: read" on storage.objects for select to authenticated using (${folder('viewer')})`),
    tx.unsafe(`create policy "bench: upload" on storage.objects for insert to authenticated with check (${folder('member')})`),
    tx.unsafe(`create policy "bench: replace" on storage.objects for update to authenticated using (${folder('member')}) with check (${folder('member')})`),
  ]);
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bb-bench-storage-'));
  await chmod(dir, 0o755);
  const pg = await startEmbeddedPostgres({ databaseDir: path.join(dir, 'pg'), password: randomBytes(12).toString('hex'), fast: true });
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  let sql: Sql | undefined;
  try {
    await ensureDatabase(pg.url, 'bench');
    const dbUrl = withDatabase(pg.url, 'bench');
    sql = createSql(dbUrl, { max: 2 });
    await migrate(sql, { migrationsDir: MIGRATIONS_DIR, shimDir: SHIM_DIR });
    await createBenchBucket(sql);
    const jwtSecret = randomBytes(32).toString('hex');
    const keys = await deriveApiKeys(jwtSecret);
    const user = await insertUser(sql, { email: 'member@bench.example.com', passwordHash: 'x', userMetadata: { first_name: 'Bench' }, confirmed: true });
    const [profile] = await sql<{ organization_id: string }[]>`select organization_id from public.profiles where user_id = ${user.id}`;
    const workspace = profile!.organization_id;
    const { token } = await sessionToken(sql, { id: user.id, email: 'member@bench.example.com' }, jwtSecret);
    console.log(`bench:storage — load average ${loadAverage()} (2 shared cores: figures are noisy)`);
    for (const etag of ['version', 'md5'] as const) {
      server = await startServerProcess({ databaseUrl: dbUrl, dataDir: path.join(dir, `data-${etag}`), jwtSecret, env: { STORAGE_FILE_ETAG_ALGORITHM: etag } });
      const api = { url: server.url, anonKey: keys.anonKey, token };
      await writeFile(path.join(dir, 'warm'), 'x');
      await upload(api, `${workspace}/bench/warm.bin`, path.join(dir, 'warm'));
      console.log(`— STORAGE_FILE_ETAG_ALGORITHM=${etag}${etag === 'version' ? ' (the default)' : ' (Storage’s default)'}`);
      await throughput(api, dir, workspace, 1, 30);
      await throughput(api, dir, workspace, 100, 5);
      if (etag === 'version') {
        await memory(api, server.child.pid!, dir, workspace);
        await resumable(api, dir, workspace);
      }
      await server.stop();
      server = undefined;
    }
    await thumbnails(10);
  } finally {
    await server?.stop();
    await sql?.end({ timeout: 2 }).catch(() => {});
    await pg.stop().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
}

await main();

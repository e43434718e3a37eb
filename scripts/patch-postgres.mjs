// Runs after every `npm install` / `npm ci` (package.json "postinstall"): fixes postgres.js 3.4.9 so a
// connection that dies (PostgreSQL restarted, a backend terminated, a network cut) fails the queries it
// carried instead of ending the whole process. Upstream: porsager/postgres#1208, #1186, #1155, #1195 (open).
//
// The defect: a connection whose socket closed keeps being written to.
// - `begin()` sends its own `rollback` (or the callback's next statement) after the in-flight query failed;
// - `reserve()`'s `release()` puts the closed connection back among the open ones, where the next query
//   is written to it, and a query queued on a reservation whose connection closed never settles.
// Small writes are flushed from a setImmediate, so the write to the missing socket throws
// "Cannot read properties of null (reading 'write')" outside any caller: an uncaught exception.
//
// - A connection that closed while a query had an error pending keeps that error and hands it to the
//   first query of its next connection; the type lookup each new connection runs rejects unhandled when
//   the connection closes during it (an unhandled rejection ends the process too).
//
// The fix: a transaction or reservation whose connection closed rejects its further queries with
// CONNECTION_CLOSED (and never hands the connection back); a flush that finds no socket settles the
// waiting queries with CONNECTION_CLOSED instead of throwing; a closed connection forgets the state of
// its last query; the type lookup's failure is left to the queries waiting on the connection, which the
// close already rejected or retries.
//
// - A `reserve()` waiting in the pool's queue when a connection closed was handed to that connection's
//   reconnect as its first query, and a reconnect drops a reservation instead of answering it: the promise
//   never settled (porsager/postgres#1195). Now the reservation stays queued (the reopened connection serves
//   it), settles once, and leaves the queue when it is refused.
// tests/integration/db-connection-loss.test.ts reproduces every path.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const PACKAGE = path.join(ROOT, 'node_modules/postgres');
const MARKER = '/* beyond-brochures: closed-connection patch */';
const PATCHED_VERSION = '3.4.9';

const CONNECTION = [
  [
    `  function nextWrite(fn) {
    const x = socket.write(chunk, fn)`,
    `  function nextWrite(fn) {
    ${MARKER}
    if (!socket) {
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options))
      return false
    }
    const x = socket.write(chunk, fn)`,
  ],
  [
    `  async function closed(hadError) {
    incoming = Buffer.alloc(0)`,
    `  async function closed(hadError) {
    chunk = nextWriteTimer = null
    incoming = Buffer.alloc(0)`,
  ],
  [
    `    !hadError && (query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))
    closedTime = performance.now()`,
    `    !hadError && (query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))
    query = results = errorResponse = null
    result = new Result()
    closedTime = performance.now()`,
  ],
  [
    `        return fetchArrayTypes()`,
    `        return fetchArrayTypes().catch(noop)`,
  ],
];

const INDEX = [
  [
    `        const query = { reserve: resolve, reject }
        queries.push(query)`,
    `        let settled = false
        const query = {
          reserve: c => settled ? onopen(c) : (settled = true, resolve(c)),
          reject: e => settled || (settled = true, queries.remove(query), reject(e))
        }
        queries.push(query)`,
  ],
  [
    `    queries.length && connect(c, queries.shift())
  }`,
    `    if (queries.length) {
      const query = queries.shift()
      query.reserve && queries.push(query)
      connect(c, query)
    }
  }`,
  ],
  [
    `    const sql = Sql(handler)
    sql.release = () => {
      c.reserved = null
      onopen(c)
    }

    return sql

    function handler(q) {
      c.queue === full`,
    `    ${MARKER}
    let isClosed = false
    const onclosed = (error) => {
      isClosed = true
      while (queue.length) queue.shift().reject(error)
    }
    c.onclose = onclosed

    const sql = Sql(handler)
    sql.release = () => {
      if (isClosed) return
      c.onclose === onclosed && (c.onclose = null)
      c.reserved = null
      onopen(c)
    }

    return sql

    function handler(q) {
      if (isClosed)
        return q.reject(Errors.connection('CONNECTION_CLOSED', options))
      c.queue === full`,
  ],
  [
    `    let savepoints = 0
      , connection
      , prepare = null`,
    `    let savepoints = 0
      , connection
      , prepare = null
      , isClosed = false`,
  ],
  [
    `        new Promise((_, reject) => connection.onclose = reject)`,
    `        new Promise((_, reject) => connection.onclose = (error) => {
          isClosed = true
          while (queries.length) queries.shift().reject(error)
          reject(error)
        })`,
  ],
  [
    `      function handler(q) {
        q.catch(e => uncaughtError || (uncaughtError = e))
        c.queue === full`,
    `      function handler(q) {
        q.catch(e => uncaughtError || (uncaughtError = e))
        if (isClosed)
          return q.reject(Errors.connection('CONNECTION_CLOSED', options))
        c.queue === full`,
  ],
];

/** Applies each replacement not applied yet, so an install patched by an earlier version of this script catches up. */
function patch(file, replacements) {
  const text = readFileSync(file, 'utf8');
  let patched = text;
  for (const [from, to] of replacements) {
    if (patched.includes(to)) continue;
    if (!patched.includes(from)) throw new Error(`${path.relative(ROOT, file)} does not contain the expected code:\n${from}`);
    patched = patched.replace(from, to);
  }
  if (patched === text) return false;
  writeFileSync(file, patched);
  return true;
}

let version;
try {
  version = JSON.parse(readFileSync(path.join(PACKAGE, 'package.json'), 'utf8')).version;
} catch {
  process.exit(0); // postgres is not installed (yet): nothing to patch
}
if (version !== PATCHED_VERSION) {
  console.warn(
    `scripts/patch-postgres.mjs: postgres ${version} installed, the patch is for ${PATCHED_VERSION}. ` +
      'Run tests/integration/db-connection-loss.test.ts: if it passes, remove this script.',
  );
  process.exit(0);
}
let changed = 0;
for (const dir of ['src', 'cjs/src']) {
  if (patch(path.join(PACKAGE, dir, 'connection.js'), CONNECTION)) changed += 1;
  if (patch(path.join(PACKAGE, dir, 'index.js'), INDEX)) changed += 1;
}
if (changed) console.log(`patched postgres ${version}: a closed connection fails its queries instead of the process`);

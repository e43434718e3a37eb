// Part of scripts/authjs-suite/run.sh (docker-tests talk to bare GoTrue at the root, without an API key).
// What Kong does in front of GoTrue in a Supabase stack: http://localhost:9996/<path> -> our server's /auth/v1/<path>,
// adding the project's publishable key when the caller sent none (the docker tests talk to bare GoTrue).
import http from 'node:http';
import { readFileSync } from 'node:fs';
const [listen, target, dataDir] = process.argv.slice(2);
const anon = JSON.parse(readFileSync(`${dataDir}/public-config.json`, 'utf8')).anonKey;
http.createServer((req, res) => {
  const headers = { ...req.headers, host: `127.0.0.1:${target}` };
  if (!headers.apikey) headers.apikey = anon;
  const up = http.request({ host: '127.0.0.1', port: target, path: '/auth/v1' + req.url, method: req.method, headers }, (r) => {
    res.writeHead(r.statusCode, r.headers); r.pipe(res); });
  up.on('error', (e) => { res.writeHead(502); res.end(String(e)); });
  req.pipe(up);
}).listen(Number(listen), 'localhost');

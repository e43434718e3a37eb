// `npm start`: builds the web app when dist/ is missing or older than its sources,
// then runs the server in this process (so Ctrl-C reaches it directly).
import { spawnSync } from 'node:child_process';
import { isBuildStale } from './build-stamp.mjs';

if (isBuildStale()) {
  console.log('Building the web app (dist/ is missing or out of date)…');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed: see the messages above.');
    process.exit(build.status ?? 1);
  }
}

process.env.NODE_ENV ??= 'production';
const { register } = await import('tsx/esm/api');
register();
await import('../server/src/main.ts');

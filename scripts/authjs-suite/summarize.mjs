// Part of scripts/authjs-suite/run.sh: counts the auth-js suite per area.
import { readFileSync } from 'node:fs';
// usage: node summarize.mjs run.json offline.json [list]
// "server tests" = tests that fail when no server listens (offline.json).
const load = (file) => { const data = JSON.parse(readFileSync(file, 'utf8')); const rows = [];
  for (const f of data.testResults) for (const t of f.assertionResults) rows.push({ key: f.name.split('/').pop() + ' › ' + [...t.ancestorTitles, t.title].join(' › '), status: t.status, msg: (t.failureMessages[0] || '').split('\n').slice(0, 3).join(' | ').slice(0, 240) });
  return rows; };
const run = load(process.argv[2]);
const offline = new Map(load(process.argv[3]).map((r) => [r.key, r.status]));
const server = run.filter((r) => offline.get(r.key) !== 'passed');
const cats = { pkce: /pkce|exchangeCodeForSession|code verifier|code_challenge/i, mfa: /mfa|totp|factor|assurance|enroll|challenge|unenroll/i,
  resend: /resend/i, reauthenticate: /reauth/i, getClaims: /getClaims|jwk/i, 'otp/magic link': /otp|magic/i };
if (process.argv[4] === 'list') { for (const r of server) console.log(`${r.status === 'passed' ? 'PASS' : 'FAIL'}  ${r.key}${r.status !== 'passed' ? '\n      ' + r.msg : ''}`); }
else { const ok = (rows) => `${rows.filter((r) => r.status === 'passed').length} / ${rows.length}`;
  console.log('all tests        ', ok(run)); console.log('server tests     ', ok(server));
  // the areas (TOTP MFA; SSO's PKCE variant and WebAuthn are "others"); each test counts in its first area
  const area = (r) => (/webauthn|passkey|SSO/i.test(r.key) ? 'others' : Object.keys(cats).find((c) => cats[c].test(r.key)) ?? 'others');
  for (const cat of ['pkce', 'otp/magic link', 'resend', 'reauthenticate', 'mfa', 'getClaims', 'others']) console.log(cat.padEnd(17), ok(server.filter((r) => area(r) === cat))); }

import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Secp256k1Keypair } from '@atproto/crypto';
import * as pds from '@atproto/pds';
import * as plc from '@did-plc/server';

export interface PdsAccount {
  did: string;
  handle: string;
  /** The account's own password (to manage it in a test). */
  password: string;
  /** An app password, as a person would give the Social Hub. */
  appPassword: string;
  accessJwt: string;
}

export interface LocalPds {
  /** http://localhost:<port> */
  url: string;
  createAccount(name: string): Promise<PdsAccount>;
  /** A new app password for the account (the old ones keep working until revoked). */
  createAppPassword(account: PdsAccount, name: string): Promise<string>;
  revokeAppPassword(account: PdsAccount, name: string): Promise<void>;
  /** The account's app.bsky.feed.post records, as the PDS holds them. */
  posts(did: string): Promise<Array<{ uri: string; value: { text: string; facets?: unknown[] } }>>;
  close(): Promise<void>;
}

/**
 * A real Bluesky PDS (the reference implementation, @atproto/pds) with a real PLC directory (@did-plc/server over an
 * in-memory database), both in this process on free ports, as @atproto/dev-env's TestNetworkNoAppView builds them.
 * Handles live under `.test`; no app view, so reading posts goes through com.atproto.repo.listRecords.
 */
export async function startLocalPds(options: { appViewUrl?: string } = {}): Promise<LocalPds> {
  const plcServer = plc.PlcServer.create({ db: plc.Database.mock(), port: 0 });
  const plcListener = await plcServer.start();
  const plcUrl = `http://localhost:${(plcListener.address() as AddressInfo).port}`;
  const dir = await mkdtemp(path.join(tmpdir(), 'bb-pds-'));
  const recovery = await Secp256k1Keypair.create();
  const plcKey = await Secp256k1Keypair.create({ exportable: true });
  const env: pds.ServerEnvironment = {
    devMode: true,
    port: 0,
    hostname: 'localhost',
    dataDirectory: dir,
    blobstoreDiskLocation: path.join(dir, 'blobs'),
    recoveryDidKey: recovery.did(),
    adminPassword: 'admin-pass',
    jwtSecret: 'pds-jwt-secret',
    serviceHandleDomains: ['.test'],
    didPlcUrl: plcUrl,
    // No AppView by default; a test of figures gives its stand-in (tests/support/local-app-view.ts).
    bskyAppViewUrl: options.appViewUrl ?? 'https://appview.invalid',
    bskyAppViewDid: options.appViewUrl ? 'did:web:appview.test' : 'did:example:invalid',
    bskyAppViewCdnUrlPattern: 'http://cdn.appview.invalid/%s/%s/%s',
    modServiceUrl: 'https://moderator.invalid',
    modServiceDid: 'did:example:invalid',
    plcRotationKeyK256PrivateKeyHex: Buffer.from(await plcKey.export()).toString('hex'),
    inviteRequired: false,
    disableSsrfProtection: true,
    serviceName: 'Test PDS',
    crawlers: [],
  };
  const server = await pds.PDS.create(pds.envToCfg(env), pds.envToSecrets(env));
  const listener = await server.start();
  const url = `http://localhost:${(listener.address() as AddressInfo).port}`;

  async function xrpc<T>(method: string, body: unknown, token?: string): Promise<T> {
    const response = await fetch(`${url}/xrpc/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method}: HTTP ${response.status} ${text}`);
    return (text ? JSON.parse(text) : {}) as T;
  }

  let accounts = 0;
  const pdsApi: LocalPds = {
    url,
    async createAccount(name) {
      const handle = `${name}.test`;
      const password = `password-${name}-${(accounts += 1)}`;
      const created = await xrpc<{ did: string; accessJwt: string }>('com.atproto.server.createAccount', { handle, email: `${name}@example.com`, password });
      const account = { did: created.did, handle, password, appPassword: '', accessJwt: created.accessJwt };
      account.appPassword = await pdsApi.createAppPassword(account, 'Social Hub');
      return account;
    },
    async createAppPassword(account, name) {
      return (await xrpc<{ password: string }>('com.atproto.server.createAppPassword', { name }, account.accessJwt)).password;
    },
    async revokeAppPassword(account, name) {
      await xrpc('com.atproto.server.revokeAppPassword', { name }, account.accessJwt);
    },
    async posts(did) {
      const response = await fetch(`${url}/xrpc/com.atproto.repo.listRecords?repo=${encodeURIComponent(did)}&collection=app.bsky.feed.post&limit=100`);
      if (!response.ok) throw new Error(`listRecords: HTTP ${response.status} ${await response.text()}`);
      return ((await response.json()) as { records: Array<{ uri: string; value: { text: string } }> }).records;
    },
    async close() {
      await server.destroy();
      await plcServer.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
  return pdsApi;
}

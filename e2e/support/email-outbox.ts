import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { anonKeyOf, storedAccessToken } from './accounts';
import { expect } from './fixtures';

/** Adds contacts to the signed-in user's workspace through the data API, as the contacts screen would. */
export async function addContacts(page: Page, baseURL: string, contacts: { email: string; first_name: string; tags: string[] }[]) {
  const token = await storedAccessToken(page);
  const headers = { apikey: await anonKeyOf(baseURL), authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const [membership] = (await (await fetch(new URL('/rest/v1/organization_members?select=organization_id', baseURL), { headers })).json()) as { organization_id: string }[];
  const response = await fetch(new URL('/rest/v1/contacts', baseURL), {
    method: 'POST',
    headers,
    body: JSON.stringify(contacts.map((contact) => ({ ...contact, organization_id: membership!.organization_id }))),
  });
  expect(response.status).toBe(201);
}

/** One e-mail the server wrote to its outbox (`<DATA_DIR>/outbox/*.json`). */
export interface OutboxMessage {
  to: string;
  kind: string;
  subject?: string;
  html?: string;
  link?: string;
}

export async function outboxMessages(dataDir: string): Promise<OutboxMessage[]> {
  const outbox = path.join(dataDir, 'outbox');
  const names = await readdir(outbox).catch(() => [] as string[]);
  return Promise.all(names.filter((name) => name.endsWith('.json')).map(async (name) => JSON.parse(await readFile(path.join(outbox, name), 'utf8')) as OutboxMessage));
}

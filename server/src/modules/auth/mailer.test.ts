import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMailer } from './mailer';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'bb-mailer-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('createMailer without SMTP', () => {
  it('writes the link to the server log (address masked, never the code) and the whole message to the outbox', async () => {
    const info = vi.fn();
    const log = { info, error: vi.fn() } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ dataDir, smtpUrl: undefined, from: 'no-reply@example.com', log });
    const link = 'http://localhost:3000/auth/v1/verify?token=abc123&type=signup&redirect_to=http%3A%2F%2Flocalhost%3A3000';
    await mailer.send({ kind: 'signup', to: 'ada.lovelace@example.com', link, otp: '482913', email: 'ada.lovelace@example.com' });

    expect(info).toHaveBeenCalledTimes(1);
    const line = String(info.mock.calls[0]![0]);
    expect(line).toContain(link);
    expect(line).toContain('(smtp: not configured)');
    expect(line).not.toContain('482913');
    expect(line).not.toContain('ada.lovelace@example.com');

    const [file] = await readdir(path.join(dataDir, 'outbox'));
    const stored = JSON.parse(await readFile(path.join(dataDir, 'outbox', file!), 'utf8')) as Record<string, unknown>;
    expect(stored).toMatchObject({ kind: 'signup', to: 'ada.lovelace@example.com', link, otp: '482913', smtp: 'not configured' });
  });
});

/**
 * Chromium for one Lighthouse run of a signed-in route: a fresh profile (cold cache), started with a DevTools port,
 * and the user's session placed in localStorage of the app's origin before Lighthouse loads the page, as a returning
 * user's browser holds it. Setting it costs one request to /favicon.svg on that origin: no script or stylesheet is
 * cached before the measured load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS } from '../tests/support/chromium';

export interface DebuggableChromium {
  /** The DevTools port Lighthouse connects to (`--port`). */
  port: number;
  close(): Promise<void>;
}

function devToolsEndpoint(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(text);
      if (match) {
        child.stderr!.off('data', onData);
        resolve(match[1]!);
      }
    };
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}) before it listened:\n${text}`)));
  });
}

export async function launchSignedIn(
  chromePath: string,
  origin: string,
  storage: { key: string; value: string },
): Promise<DebuggableChromium> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'bb-lighthouse-chrome-'));
  const child = spawn(chromePath, ['--headless', ...CHROMIUM_FLAGS, `--user-data-dir=${userDataDir}`, '--remote-debugging-port=0', 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    child.kill('SIGTERM');
    await exited;
    await rm(userDataDir, { recursive: true, force: true });
  };
  try {
    const endpoint = await devToolsEndpoint(child);
    const browser = await puppeteer.connect({ browserWSEndpoint: endpoint });
    const page = await browser.newPage();
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), storage);
    await page.close();
    await browser.disconnect();
    return { port: Number(new URL(endpoint).port), close };
  } catch (error) {
    await close();
    throw error;
  }
}

import { existsSync } from 'node:fs';

/** Flags for Chromium as root in a closed network (architecture §5). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * CHROME_PATH, else Debian's /usr/bin/chromium, else the binary shipped inside the
 * @sparticuz/chromium npm package (unpacked once into /tmp): never a download.
 */
export async function resolveChromium(): Promise<string> {
  const given = process.env.CHROME_PATH;
  if (given) {
    if (!existsSync(given)) throw new Error(`CHROME_PATH=${given} does not exist`);
    return given;
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { default: chromium } = await import('@sparticuz/chromium');
  return chromium.executablePath();
}

import { describe, expect, it } from 'vitest';
import { startBanner } from './start-banner';

describe('startBanner', () => {
  it('says which address to open with the defaults, and that 127.0.0.1 is another one', () => {
    expect(startBanner('http://localhost:3000', 'http://localhost:3000')).toEqual([
      'Open http://localhost:3000 in your browser: e-mail links (invitations, password resets, lead notices) lead there (SITE_URL).',
      'Signed in at another address, such as http://127.0.0.1:3000, you would open those links signed out. Another address: set SITE_URL.',
    ]);
  });

  it('names localhost when SITE_URL is 127.0.0.1', () => {
    expect(startBanner('http://127.0.0.1:8080', 'http://127.0.0.1:8080')[1]).toContain('such as http://localhost:8080,');
  });

  it('opens a public SITE_URL and says where the server itself listens', () => {
    expect(startBanner('https://app.example.com/base', 'http://localhost:3000')).toEqual([
      'Open https://app.example.com/base in your browser: e-mail links (invitations, password resets, lead notices) lead there (SITE_URL).',
      'This server listens on http://localhost:3000; SITE_URL must lead to it (a reverse proxy, say).',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { contactsCopy } from '@/config/contacts-copy';
import { emailCopy } from '@/config/email-copy';
import { teamCopy } from '@/config/team-copy';
import { webhooksCopy } from '@/config/webhooks-copy';
import { snippetTag } from '@/lib/analytics-snippet';
import { framePages, SNIPPET_MARKS, workspaceLine } from './app-frame-pages';

describe('workspaceLine', () => {
  it("splits a page's line at the workspace's name", () => {
    expect(workspaceLine((name) => `The people of ${name}, here.`, 'c', 2)).toEqual({ before: 'The people of ', after: ', here.', className: 'c', phoneLines: 2 });
    expect(workspaceLine((name) => `${name} · Contacts`, 'c', 1)).toEqual({ before: '', after: ' · Contacts', className: 'c', phoneLines: 1 });
  });

  it('refuses a line that does not name the workspace exactly once', () => {
    expect(() => workspaceLine(() => 'No name', 'c', 1)).toThrow(/exactly once/);
    expect(() => workspaceLine((name) => `${name} and ${name}`, 'c', 1)).toThrow(/exactly once/);
  });
});

describe('framePages', () => {
  it("gives /team, /contacts and /team/webhooks the page's own line around the name", () => {
    const filled = (path: string) => {
      const line = framePages[path]!.workspaceLine!;
      return `${line.before}Acme${line.after}`;
    };
    expect(filled('/team')).toBe(teamCopy.subtitle('Acme'));
    expect(filled('/contacts')).toBe(contactsCopy.workspaceLine('Acme'));
    expect(filled('/team/webhooks')).toBe(webhooksCopy.workspaceLine('Acme'));
  });

  it("gives /marketing/email the page's tabs and its overview's note, and no other page an overview", () => {
    const email = framePages['/marketing/email']!.emailOverview!;
    expect(email.tabs).toEqual(['overview', 'campaigns', 'lists', 'templates', 'suppressions', 'settings'].map((tab) => emailCopy.tabs[tab as keyof typeof emailCopy.tabs]));
    expect(email.note).toBe(emailCopy.overview.sampleNote);
    expect(Object.keys(framePages).filter((path) => framePages[path]!.emailOverview)).toEqual(['/marketing/email']);
  });

  it("gives /marketing/analytics the console's snippet, the page's origin, site and anon key marked, and no other page", () => {
    const snippet = framePages['/marketing/analytics']!.analyticsSites!.snippet;
    const filled = snippet.split(SNIPPET_MARKS.origin).join('https://app.example').split(SNIPPET_MARKS.siteId).join('s-1').split(SNIPPET_MARKS.anonKey).join('key');
    expect(filled).toBe(snippetTag({ scriptUrl: 'https://app.example/analytics.js', siteId: 's-1', apiUrl: 'https://app.example', anonKey: 'key' }));
    expect(Object.keys(framePages).filter((path) => framePages[path]!.analyticsSites)).toEqual(['/marketing/analytics']);
  });
});

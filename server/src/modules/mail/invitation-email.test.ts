import { describe, expect, it } from 'vitest';
import { composeInvitationEmail, headerSafe } from './invitation-email';

describe('headerSafe', () => {
  it.each([
    ['Acme\r\nBcc: spy@evil.example', 'Acme Bcc: spy@evil.example'],
    ['Tab\tand\u0000nul', 'Tab and nul'],
    ['line\u2028separator\u2029para', 'line separator para'],
    ['zero\u200bwidth\u202eright-to-left', 'zero width right-to-left'],
    ['   spaced    out  ', 'spaced out'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(headerSafe(input)).toBe(expected);
  });

  it('cuts long text with an ellipsis', () => {
    expect(headerSafe('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('composeInvitationEmail', () => {
  const base = { link: 'https://app.example/invite/abc_DEF-123', workspaceName: 'Acme', inviterName: 'Olive Owner', accessRole: 'admin', expiresAt: new Date('2026-12-01T10:00:00Z') };

  it('says who invites to what, as which role, until when, with the link', () => {
    const mail = composeInvitationEmail(base);
    expect(mail.subject).toBe('Olive Owner invited you to Acme on Beyond Brochures');
    expect(mail.text).toContain('Olive Owner invited you to join Acme on Beyond Brochures Marketing Platform as an admin.');
    expect(mail.text).toContain('https://app.example/invite/abc_DEF-123');
    expect(mail.text).toContain('until Tue, 01 Dec 2026 10:00:00 GMT');
    expect(mail.html).toContain('<a href="https://app.example/invite/abc_DEF-123">Accept the invitation</a>');
  });

  it('escapes names in the HTML part and flattens them in the subject', () => {
    const mail = composeInvitationEmail({ ...base, workspaceName: '<script>x</script>\r\nCc: a@b.c', inviterName: null, accessRole: 'viewer' });
    expect(mail.subject).toBe('You are invited to <script>x</script> Cc: a@b.c on Beyond Brochures');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
    expect(mail.text).toContain('as a viewer.');
  });
});

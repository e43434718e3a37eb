import { describe, expect, it } from 'vitest';
import { composeLeadDigestEmail, DIGEST_EXCERPT, DIGEST_LISTED, type DigestLead } from './lead-digest-email';

const link = 'https://bb.example/admin/leads';
const lead = (n: number, overrides: Partial<DigestLead> = {}): DigestLead => ({
  name: `Visitor ${n}`,
  email: `visitor${n}@example.com`,
  company: n % 2 ? `Company ${n}` : null,
  message: `Message number ${n}, about a new website.`,
  createdAt: new Date(Date.UTC(2026, 10, 28, 9, n)),
  ...overrides,
});

describe('composeLeadDigestEmail', () => {
  it('counts the leads in the subject and lists each with its address, time and message', () => {
    const mail = composeLeadDigestEmail({ link, leads: [lead(1), lead(2)] });
    expect(mail.subject).toBe('2 new leads on Beyond Brochures');
    expect(mail.text).toBe(
      '2 messages came through the contact form while many were arriving, so they are sent together:\n\n' +
        'Visitor 1 (Company 1) <visitor1@example.com>, Sat, 28 Nov 2026 09:01:00 GMT:\nMessage number 1, about a new website.\n\n' +
        'Visitor 2 <visitor2@example.com>, Sat, 28 Nov 2026 09:02:00 GMT:\nMessage number 2, about a new website.\n\n' +
        'Read, answer and file them in the leads inbox:\nhttps://bb.example/admin/leads\n',
    );
    expect(mail.html).toContain('<a href="https://bb.example/admin/leads">Open the leads inbox</a>');
  });

  it('says "lead" for one', () => {
    expect(composeLeadDigestEmail({ link, leads: [lead(1)] }).subject).toBe('1 new lead on Beyond Brochures');
  });

  it(`lists at most ${DIGEST_LISTED} and counts the rest`, () => {
    const mail = composeLeadDigestEmail({ link, leads: Array.from({ length: DIGEST_LISTED + 7 }, (_, n) => lead(n)) });
    expect(mail.subject).toBe(`${DIGEST_LISTED + 7} new leads on Beyond Brochures`);
    expect(mail.text.match(/<visitor\d+@example\.com>/g)).toHaveLength(DIGEST_LISTED);
    expect(mail.text).toContain('…and 7 more in the inbox.');
    expect(mail.html).toContain('<p>…and 7 more in the inbox.</p>');
  });

  it('quotes the start of a long message on one line', () => {
    const mail = composeLeadDigestEmail({ link, leads: [lead(1, { message: `Line one\nline two ${'x'.repeat(DIGEST_EXCERPT)}` })] });
    const quoted = mail.text.split('\n')[3]!;
    expect(quoted.startsWith('Line one line two xxx')).toBe(true);
    expect(quoted).toHaveLength(DIGEST_EXCERPT);
    expect(quoted.endsWith('…')).toBe(true);
  });

  it('keeps visitor text out of the subject and escapes it in the HTML part', () => {
    const mail = composeLeadDigestEmail({
      link,
      leads: [lead(1, { name: 'Eve\r\nBcc: spy@evil.example', company: '<img src=x onerror=alert(1)>', message: '<script>alert(1)</script>\r\nBcc: x@evil.example' })],
    });
    expect(mail.subject).toBe('1 new lead on Beyond Brochures');
    expect(mail.text).not.toContain('\r');
    expect(mail.text).toContain('Eve Bcc: spy@evil.example (<img src=x onerror=alert(1)>)');
    expect(mail.html).not.toMatch(/<img|<script/);
    expect(mail.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; Bcc: x@evil.example');
  });
});

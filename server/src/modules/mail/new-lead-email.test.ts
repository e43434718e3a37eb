import { describe, expect, it } from 'vitest';
import { bodySafe, composeNewLeadEmail } from './new-lead-email';

describe('bodySafe', () => {
  it.each([
    ['line one\r\nline two\rline three', 'line one\nline two\nline three'],
    ['tab\tnul\u0000bell\u0007', 'tab nul bell '],
    ['para\u2029sep', 'para\nsep'],
    ['bidi\u202eoverride', 'bidi override'],
    ['Grüße, 你好', 'Grüße, 你好'],
  ])('%j → %j', (input, expected) => {
    expect(bodySafe(input)).toBe(expected);
  });
});

describe('composeNewLeadEmail', () => {
  const base = {
    link: 'https://bb.example/admin/leads',
    name: 'Dana Reyes',
    email: 'dana@northwind.example',
    company: 'Northwind',
    message: 'We need a faster website.\nBefore spring, please.',
    receivedAt: new Date('2026-11-23T09:30:00Z'),
  };

  it('names the visitor and company in the subject and carries the whole message and the inbox link', () => {
    const mail = composeNewLeadEmail(base);
    expect(mail.subject).toBe('New lead from Dana Reyes (Northwind) on Beyond Brochures');
    expect(mail.text).toBe(
      'Dana Reyes (Northwind) <dana@northwind.example> wrote through the contact form on Mon, 23 Nov 2026 09:30:00 GMT:\n\n' +
        'We need a faster website.\nBefore spring, please.\n\nRead, answer and file it in the leads inbox:\nhttps://bb.example/admin/leads\n',
    );
    expect(mail.html).toContain('<a href="https://bb.example/admin/leads">Open the leads inbox</a>');
  });

  it('keeps everything a visitor typed out of the headers: one subject line, no Bcc/Cc/extra header', () => {
    const mail = composeNewLeadEmail({
      ...base,
      name: 'Eve\r\nBcc: spy@evil.example',
      company: 'Acme\nX-Injected: 1\r\nCc: cc@evil.example',
      message: 'Hello\r\n\r\nBcc: not-a-header@evil.example',
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe('New lead from Eve Bcc: spy@evil.example (Acme X-Injected: 1 Cc: cc@evil.example) on Beyond Brochures');
    expect(mail.text).toContain('Hello\n\nBcc: not-a-header@evil.example');
    expect(mail.text).not.toContain('\r');
  });

  it('escapes markup in the HTML part', () => {
    const mail = composeNewLeadEmail({ ...base, name: '<img src=x onerror=alert(1)>', company: null, message: '<script>alert(1)</script> & more' });
    expect(mail.html).not.toMatch(/<img|<script/);
    expect(mail.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; more');
    expect(mail.subject).toBe('New lead from <img src=x onerror=alert(1)> on Beyond Brochures');
  });
});

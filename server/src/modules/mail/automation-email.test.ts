import { describe, expect, it } from 'vitest';
import { composeAutomationEmail } from './automation-email';

describe('composeAutomationEmail', () => {
  it('keeps the subject to one header-safe line and the text as written', () => {
    const email = composeAutomationEmail({ subject: 'Welcome,\r\nBcc: victim@example.com', body: 'Hello Cleo,\n\nGlad you are here.' });
    expect(email.subject).toBe('Welcome, Bcc: victim@example.com');
    expect(email.text).toBe('Hello Cleo,\n\nGlad you are here.\n');
  });

  it('escapes the HTML part, a paragraph per blank line and a break per line', () => {
    const email = composeAutomationEmail({ subject: 'x', body: '<script>alert(1)</script>\nline two\n\nNext & last' });
    expect(email.html).toBe('<p>&#60;script&#62;alert(1)&#60;/script&#62;<br>line two</p>\n<p>Next &#38; last</p>\n');
  });
});

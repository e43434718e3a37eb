import { describe, expect, it } from 'vitest';
import { composeAutomationNotice } from './automation-notice-email';

describe('composeAutomationNotice', () => {
  it('subject from the title, the notice and a link to the contacts, escaped in HTML', () => {
    const mail = composeAutomationNotice({ title: 'Hot leads: Ada <Lovelace>', body: 'Call her <today>\n\nShe clicked twice', link: 'https://app.test/contacts' });
    expect(mail.subject).toBe('Hot leads: Ada <Lovelace>');
    expect(mail.text).toBe('Call her <today>\n\nShe clicked twice\n\nA workflow notified you about a contact: https://app.test/contacts\n');
    expect(mail.html).toContain('<p>Call her &#60;today&#62;</p>\n<p>She clicked twice</p>');
    expect(mail.html).toContain('<a href="https://app.test/contacts">');
  });

  it('a notice without text has the link only; a title cannot inject a header', () => {
    const mail = composeAutomationNotice({ title: 'Flow: X\r\nBcc: evil@example.com', body: '  ', link: 'https://app.test/contacts' });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toBe('A workflow notified you about a contact: https://app.test/contacts\n');
  });
});

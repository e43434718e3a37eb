import { describe, expect, it } from 'vitest';
import { composeEmail, verifyLink } from './auth-email';

describe('verifyLink', () => {
  it('points at /auth/v1/verify of the site with the token, the type and the encoded redirect', () => {
    expect(verifyLink('https://shop.example', 'tok_en-1', 'signup', 'https://shop.example/welcome?a=1&b=2')).toBe(
      'https://shop.example/auth/v1/verify?token=tok_en-1&type=signup&redirect_to=https%3A%2F%2Fshop.example%2Fwelcome%3Fa%3D1%26b%3D2',
    );
  });
});

describe('composeEmail', () => {
  const input = { link: 'https://s.example/auth/v1/verify?token=t&type=signup&redirect_to=x', otp: '123456', email: 'a@b.co' };

  it.each([
    ['signup', 'Confirm Your Email'],
    ['recovery', 'Reset Your Password'],
    ['email_change_new', 'Confirm Email Change'],
    ['email_change_current', 'Confirm Email Change'],
  ] as const)('%s: GoTrue subject, the link and the code in both parts', (kind, subject) => {
    const mail = composeEmail(kind, { ...input, newEmail: 'new@b.co' });
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(input.link);
    expect(mail.text).toContain('123456');
    expect(mail.html).toContain('href="https://s.example/auth/v1/verify?token=t&#38;type=signup&#38;redirect_to=x"');
    expect(mail.html).toContain('123456');
  });

  it('names both addresses in an e-mail change and escapes them in HTML', () => {
    const mail = composeEmail('email_change_new', { ...input, email: 'a<b>@b.co', newEmail: 'new@b.co' });
    expect(mail.text).toContain('from a<b>@b.co to new@b.co');
    expect(mail.html).toContain('a&#60;b&#62;@b.co');
  });
});

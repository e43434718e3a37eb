import { describe, expect, it } from 'vitest';
import { mailtoLink } from './mailto';

describe('mailtoLink', () => {
  it.each([
    ['dana@northwind.example', undefined, 'mailto:dana@northwind.example'],
    ['dana@northwind.example', 'Re: your message', 'mailto:dana@northwind.example?subject=Re%3A%20your%20message'],
    ['x?bcc=spy@evil.example', undefined, 'mailto:x%3Fbcc%3Dspy@evil.example'],
    ['a&cc=b@c.example', 'Hi', 'mailto:a%26cc%3Db@c.example?subject=Hi'],
    ['o%27brien@x.example', undefined, 'mailto:o%2527brien@x.example'],
  ])('%s, %j → %s', (address, subject, expected) => {
    expect(mailtoLink(address, subject)).toBe(expected);
  });
});

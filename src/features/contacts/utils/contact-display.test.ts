import { describe, expect, it } from 'vitest';
import { contactName, stageLabel } from './contact-display';

describe('contactName', () => {
  it.each([
    [{ first_name: 'Dana', last_name: 'Reyes', email: 'd@x.example' }, 'Dana Reyes'],
    [{ first_name: null, last_name: 'Reyes', email: null }, 'Reyes'],
    [{ first_name: null, last_name: null, email: 'd@x.example' }, 'd@x.example'],
    [{ first_name: null, last_name: null, email: null }, '(no name)'],
  ])('%j → %s', (contact, expected) => {
    expect(contactName(contact)).toBe(expected);
  });
});

describe('stageLabel', () => {
  it.each([
    ['marketing_qualified', 'Marketing qualified'],
    ['unknown', 'unknown'],
  ])('%s → %s', (stage, expected) => {
    expect(stageLabel(stage)).toBe(expected);
  });
});

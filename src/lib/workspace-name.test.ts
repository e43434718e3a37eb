import { describe, expect, it } from 'vitest';
import { checkWorkspaceName } from './workspace-name';

describe('checkWorkspaceName', () => {
  it.each([
    ['  Acme Marketing ', { name: 'Acme Marketing' }],
    ['x'.repeat(120), { name: 'x'.repeat(120) }],
    ['', { error: 'Enter a name for the workspace.' }],
    ['   ', { error: 'Enter a name for the workspace.' }],
    ['x'.repeat(121), { error: 'Use at most 120 characters.' }],
  ])('%j → %j', (input, expected) => {
    expect(checkWorkspaceName(input)).toEqual(expected);
  });
});

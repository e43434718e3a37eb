import { describe, expect, it } from 'vitest';
import { newAdminPasswordProblem, parseAdminCreateArgs } from './admin-create.utils';

describe('parseAdminCreateArgs', () => {
  it.each([
    ['a username', ['alice'], { kind: 'run', username: 'alice' }],
    ['an e-mail as username', ['ops@example.com'], { kind: 'run', username: 'ops@example.com' }],
    ['--help', ['--help'], { kind: 'help' }],
    ['-h among others', ['alice', '-h'], { kind: 'help' }],
    ['nothing', [], { kind: 'usage-error', message: 'Give the username of the site admin.' }],
    ['two usernames', ['alice', 'bob'], { kind: 'usage-error', message: 'Give exactly one username.' }],
    ['an unknown option', ['--password=x', 'alice'], { kind: 'usage-error', message: 'Unknown option --password=x.' }],
    ['too short', ['al'], { kind: 'usage-error', message: 'The username must be 3-64 letters, digits or . _ @ + - (got "al").' }],
    ['a space', ['al ice'], { kind: 'usage-error', message: 'The username must be 3-64 letters, digits or . _ @ + - (got "al ice").' }],
    ['SQL', ["a';--"], { kind: 'usage-error', message: `The username must be 3-64 letters, digits or . _ @ + - (got "a';--").` }],
  ])('%s', (_, argv, expected) => {
    expect(parseAdminCreateArgs(argv)).toEqual(expected);
  });
});

describe('newAdminPasswordProblem', () => {
  it.each([
    ['long enough and confirmed', 'correct horse', 'correct horse', null],
    ['exactly 8 characters', '12345678', '12345678', null],
    ['7 characters', '1234567', '1234567', 'The password must be at least 8 characters long.'],
    ['empty', '', '', 'The password must be at least 8 characters long.'],
    ['72 bytes', 'a'.repeat(72), 'a'.repeat(72), null],
    ['73 bytes', 'a'.repeat(73), 'a'.repeat(73), 'The password must be at most 72 bytes.'],
    ['37 two-byte characters (74 bytes)', 'é'.repeat(37), 'é'.repeat(37), 'The password must be at most 72 bytes.'],
    ['a different confirmation', 'correct horse', 'correct horsf', 'The passwords do not match.'],
    ['a confirmation with a trailing space', 'correct horse', 'correct horse ', 'The passwords do not match.'],
  ])('%s', (_, password, confirmation, expected) => {
    expect(newAdminPasswordProblem(password, confirmation)).toBe(expected);
  });
});

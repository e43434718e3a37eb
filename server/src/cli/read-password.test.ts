import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { applyKeys, createPasswordPrompt, PromptCancelledError, type HiddenInput } from './read-password';

const empty: HiddenInput = { text: '', done: false, cancelled: false };

describe('applyKeys (hidden terminal input)', () => {
  it.each([
    ['typing', ['sec', 'ret'], { text: 'secret', done: false, cancelled: false }],
    ['Enter ends (and what follows is not read)', ['secret\rmore'], { text: 'secret', done: true, cancelled: false }],
    ['a newline ends', ['secret\n'], { text: 'secret', done: true, cancelled: false }],
    ['Backspace erases one character', ['secrett\u007f\r'], { text: 'secret', done: true, cancelled: false }],
    ['Backspace on an empty line does nothing', ['\u007f\u007fab\r'], { text: 'ab', done: true, cancelled: false }],
    ['Backspace erases a whole non-BMP character', ['pa🔑\b\r'], { text: 'pa', done: true, cancelled: false }],
    ['Ctrl-U clears the line', ['wrong\u0015right\r'], { text: 'right', done: true, cancelled: false }],
    ['Ctrl-C cancels', ['sec\u0003'], { text: '', done: true, cancelled: true }],
    ['Ctrl-D on an empty line cancels', ['\u0004'], { text: '', done: true, cancelled: true }],
    ['Ctrl-D after text ends the input', ['secret\u0004'], { text: 'secret', done: true, cancelled: false }],
    ['other control characters are ignored', ['se\u001bcr\tet\r'], { text: 'secret', done: true, cancelled: false }],
    ['spaces and symbols are kept', ['  p@ss word! \r'], { text: '  p@ss word! ', done: true, cancelled: false }],
  ])('%s', (_, chunks, expected) => {
    expect(chunks.reduce(applyKeys, empty)).toEqual(expected);
  });
});

describe('createPasswordPrompt from a pipe', () => {
  it('reads one line per answer, without showing prompts', async () => {
    const input = new PassThrough() as unknown as NodeJS.ReadStream;
    const output = new PassThrough();
    let shown = '';
    output.on('data', (chunk: Buffer) => (shown += chunk.toString()));
    const prompt = createPasswordPrompt(input, output);
    (input as unknown as PassThrough).end('first secret\r\nsecond\n');
    expect(await prompt.ask('Password: ')).toBe('first secret');
    expect(await prompt.ask('Again: ')).toBe('second');
    await expect(prompt.ask('More: ')).rejects.toBeInstanceOf(PromptCancelledError);
    prompt.close();
    expect(shown).toBe('');
  });
});

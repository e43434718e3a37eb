import readline from 'node:readline';

/** The user gave up (Ctrl-C, Ctrl-D on an empty line, or standard input ended early). */
export class PromptCancelledError extends Error {
  override name = 'PromptCancelledError';
}

export interface HiddenInput {
  text: string;
  done: boolean;
  cancelled: boolean;
}

/**
 * Typed characters of a hidden prompt (a terminal in raw mode): Enter ends, Backspace erases, Ctrl-U clears,
 * Ctrl-C cancels, Ctrl-D cancels on an empty line and ends otherwise; other control characters are ignored.
 */
export function applyKeys(state: HiddenInput, chunk: string): HiddenInput {
  let { text } = state;
  for (const char of chunk) {
    if (char === '\r' || char === '\n') return { text, done: true, cancelled: false };
    if (char === '\u0003') return { text: '', done: true, cancelled: true };
    if (char === '\u0004') return text === '' ? { text, done: true, cancelled: true } : { text, done: true, cancelled: false };
    if (char === '\u007f' || char === '\b') text = [...text].slice(0, -1).join('');
    else if (char === '\u0015') text = '';
    else if (char >= ' ') text += char;
  }
  return { text, done: false, cancelled: false };
}

function askHidden(input: NodeJS.ReadStream, output: NodeJS.WritableStream, prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    output.write(prompt);
    let state: HiddenInput = { text: '', done: false, cancelled: false };
    const wasRaw = input.isRaw;
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    const onData = (chunk: string) => {
      state = applyKeys(state, chunk);
      if (!state.done) return;
      input.off('data', onData);
      input.setRawMode(wasRaw);
      input.pause();
      output.write('\n');
      if (state.cancelled) reject(new PromptCancelledError('Cancelled.'));
      else resolve(state.text);
    };
    input.on('data', onData);
  });
}

export interface PasswordPrompt {
  /** Asks for one secret: hidden on a terminal, one line of standard input otherwise. */
  ask(prompt: string): Promise<string>;
  close(): void;
}

/**
 * Reads secrets without echo. On a terminal the characters are not shown at all (like passwd); from a pipe
 * (`printf 'secret\nsecret\n' | npm run admin:create -- alice`) each answer is the next line.
 */
export function createPasswordPrompt(input: NodeJS.ReadStream = process.stdin, output: NodeJS.WritableStream = process.stderr): PasswordPrompt {
  if (input.isTTY) return { ask: (prompt) => askHidden(input, output, prompt), close: () => {} };
  const lines = readline.createInterface({ input, crlfDelay: Infinity, terminal: false });
  const iterator = lines[Symbol.asyncIterator]();
  return {
    async ask() {
      const next = await iterator.next();
      if (next.done) throw new PromptCancelledError('Standard input ended before the password and its confirmation were read.');
      return next.value;
    },
    close: () => lines.close(),
  };
}

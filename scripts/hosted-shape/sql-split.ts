/**
 * Splits a SQL file into statements the way the Supabase CLI does before `supabase db push` sends them one by one
 * (pkg/parser of supabase/cli: a state machine over quotes, dollar quotes, comments, escapes, parentheses and
 * BEGIN ATOMIC bodies; a `;` outside all of them ends a statement). Each statement is trimmed of surrounding
 * spaces and trailing semicolons; empty ones are dropped. Comments stay inside the statement they precede.
 */

type State =
  | { kind: 'ready' }
  | { kind: 'line-comment' }
  | { kind: 'block-comment'; depth: number }
  | { kind: 'quote'; delimiter: string; closing: boolean }
  | { kind: 'dollar'; tag: string }
  | { kind: 'escape' };

const TAG_CHAR = /[\p{L}\p{N}_]/u;

/** Index after the dollar-quote tag starting at `start` (`$tag$`), or -1 when it is not a tag. */
function dollarTagEnd(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length && TAG_CHAR.test(text[index]!)) index++;
  return text[index] === '$' ? index + 1 : -1;
}

function isAtomicStart(text: string, index: number): boolean {
  // `ATOMIC` preceded by whitespace, as the CLI detects BEGIN ATOMIC (BEGIN itself may be followed by any spaces).
  const word = text.slice(index - 5, index + 1);
  return word.toUpperCase() === 'ATOMIC' && index - 6 >= 0 && /\s/.test(text[index - 6]!);
}

export function splitSqlStatements(text: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let state: State = { kind: 'ready' };
  // Open parentheses and BEGIN ATOMIC bodies: a `;` inside them does not end the statement.
  const closers: string[] = [];

  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    switch (state.kind) {
      case 'line-comment':
        if (char === '\n') state = { kind: 'ready' };
        continue;
      case 'block-comment':
        if (char === '/' && text[index + 1] === '*') {
          state.depth++;
          index++;
        } else if (char === '*' && text[index + 1] === '/') {
          state.depth--;
          index++;
          if (state.depth === 0) state = { kind: 'ready' };
        }
        continue;
      case 'quote':
        if (state.closing) {
          if (char === state.delimiter) {
            state.closing = false;
            continue;
          }
          state = { kind: 'ready' };
          break; // re-read this character in the ready state
        }
        if (char === state.delimiter) state.closing = true;
        continue;
      case 'dollar':
        if (text.startsWith(state.tag, index)) {
          index += state.tag.length - 1;
          state = { kind: 'ready' };
        }
        continue;
      case 'escape':
        state = { kind: 'ready' };
        continue;
      case 'ready':
        break;
    }

    const closer = closers.at(-1);
    if (closer === ')' && char === ')') {
      closers.pop();
      continue;
    }
    if (closer === 'END' && text.slice(index, index + 3).toUpperCase() === 'END') {
      closers.pop();
      index += 2;
      continue;
    }
    if (char === '$') {
      const end = dollarTagEnd(text, index);
      if (end > 0) {
        state = { kind: 'dollar', tag: text.slice(index, end) };
        index = end - 1;
      }
    } else if (char === "'" || char === '"') {
      state = { kind: 'quote', delimiter: char, closing: false };
    } else if (char === '-' && text[index + 1] === '-') {
      state = { kind: 'line-comment' };
      index++;
    } else if (char === '/' && text[index + 1] === '*') {
      state = { kind: 'block-comment', depth: 1 };
      index++;
    } else if (char === '\\') {
      state = { kind: 'escape' };
    } else if (char === '(') {
      closers.push(')');
    } else if ((char === 'c' || char === 'C') && isAtomicStart(text, index)) {
      closers.push('END');
    } else if (char === ';' && closers.length === 0) {
      statements.push(text.slice(start, index + 1));
      start = index + 1;
    }
  }
  statements.push(text.slice(start));
  return statements.map((statement) => statement.replace(/;+\s*$/, '').trim()).filter((statement) => statement !== '');
}

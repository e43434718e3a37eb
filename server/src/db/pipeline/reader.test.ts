import type { BackendMessage } from 'pg-protocol/dist/messages';
import { describe, expect, it } from 'vitest';
import { MessageReader, type Field } from './reader';

/** PostgreSQL's messages as it writes them: a code, the length (itself included), the payload. */
const message = (code: string, payload: Buffer) => {
  const header = Buffer.alloc(5);
  header.write(code, 0, 'latin1');
  header.writeUInt32BE(payload.length + 4, 1);
  return Buffer.concat([header, payload]);
};
const dataRow = (...fields: (string | null)[]) => {
  const count = Buffer.alloc(2);
  count.writeInt16BE(fields.length);
  const parts = fields.map((field) => {
    const length = Buffer.alloc(4);
    if (field === null) {
      length.writeInt32BE(-1);
      return length;
    }
    const bytes = Buffer.from(field);
    length.writeInt32BE(bytes.length);
    return Buffer.concat([length, bytes]);
  });
  return message('D', Buffer.concat([count, ...parts]));
};
const commandComplete = (tag: string) => message('C', Buffer.from(`${tag}\0`));
const readyForQuery = message('Z', Buffer.from('I'));

/** Two steps' replies: a row and its completion each, then ReadyForQuery. The second step's body is large. */
const body = `[${'{"title":"Café ☕","n":1},'.repeat(2000)}{}]`;
const replies = Buffer.concat([dataRow('1', 'first'), commandComplete('SELECT 1'), dataRow('2', body, null), commandComplete('SELECT 1'), readyForQuery]);

/** Feeds `chunks` to a reader that keeps field 1 of the second step as bytes; the messages it gave, by step. */
function read(chunks: Buffer[]) {
  let step = 0;
  const seen: { name: string; step: number; fields?: Field[] }[] = [];
  const reader = new MessageReader({
    bytesOf: () => (step === 1 ? [1] : undefined),
    onMessage: (parsed: BackendMessage) => {
      const fields = (parsed as unknown as { fields?: Field[] }).fields;
      seen.push({ name: parsed.name, step, ...(fields ? { fields } : {}) });
      if (parsed.name === 'commandComplete') step++;
    },
  });
  for (const chunk of chunks) reader.push(chunk);
  return seen;
}

const expected = [
  { name: 'dataRow', step: 0, fields: ['1', 'first'] },
  { name: 'commandComplete', step: 0 },
  { name: 'dataRow', step: 1, fields: ['2', Buffer.from(body), null] },
  { name: 'commandComplete', step: 1 },
  { name: 'readyForQuery', step: 2 },
];

describe('MessageReader', () => {
  it('reads whole messages: a step’s fields as bytes where it asks, text elsewhere, every other message through pg-protocol', () => {
    const seen = read([replies]);
    expect(seen).toEqual(expected);
    expect(Buffer.isBuffer(seen[2]!.fields![1])).toBe(true);
    expect(typeof seen[0]!.fields![1]).toBe('string');
  });

  it('reads the same however the bytes are split across reads', () => {
    // Bytes compared as text: a deep comparison of a 54 KB Buffer element by element takes seconds on a busy machine.
    const comparable = (seen: { name: string; step: number; fields?: Field[] }[]) =>
      seen.map((entry) => ({ ...entry, fields: entry.fields?.map((field) => (Buffer.isBuffer(field) ? `bytes:${field.toString()}` : field)) }));
    for (const size of [1, 3, 5, 7, 4096, 8192, 30_000]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < replies.length; at += size) chunks.push(replies.subarray(at, at + size));
      expect(comparable(read(chunks))).toEqual(comparable(expected));
    }
  });

  it('keeps a body it handed out intact while more bytes arrive (no buffer it points into is reused)', () => {
    // The body's message whole in the first read, followed by the start of the next one; the rest comes after.
    const split = replies.indexOf(commandComplete('SELECT 1'), replies.indexOf(Buffer.from(body))) + 3;
    const first = Buffer.from(replies.subarray(0, split));
    const seen = read([first, Buffer.from(replies.subarray(split))]);
    expect(seen).toEqual(expected);
    // A view of the first read, not a copy; that read was not written to.
    expect((seen[2]!.fields![1] as Buffer).buffer).toBe(first.buffer);
    expect(first.equals(replies.subarray(0, split))).toBe(true);
  });
});

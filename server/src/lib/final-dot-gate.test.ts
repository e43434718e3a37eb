import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { classifySendFailure, FinalDotGate, MessageGate } from './final-dot-gate';

const turns = () => new Promise((resolve) => setTimeout(resolve, 30));

/** Reads a stream to its end. */
async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('FinalDotGate', () => {
  it('passes the bytes through and ends only after the marker was committed', async () => {
    const order: string[] = [];
    const gate = new FinalDotGate(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('marker');
    });
    const chunks: string[] = [];
    gate.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    const ended = new Promise((resolve) => gate.on('end', () => resolve(order.push('end'))));
    Readable.from(['Subject: x\r\n', '\r\nbody']).pipe(gate);
    await ended;
    expect(chunks.join('')).toBe('Subject: x\r\n\r\nbody');
    expect(order).toEqual(['marker', 'end']);
    expect(gate.markerWritten).toBe(true);
  });

  it('fails the stream (no final dot) when the marker cannot be written', async () => {
    const gate = new FinalDotGate(async () => {
      throw new Error('database away');
    });
    gate.resume();
    const failed = new Promise<Error>((resolve) => gate.on('error', resolve));
    Readable.from(['x']).pipe(gate);
    expect((await failed).message).toBe('database away');
    expect(gate.markerWritten).toBe(false);
  });

  it('writes no marker while nobody reads it: the last bytes wait for their reader (the SMTP connection after DATA)', async () => {
    let markers = 0;
    const gate = new FinalDotGate(async () => void (markers += 1));
    Readable.from(['Subject: x\r\n', '\r\nbody\r\n']).pipe(gate);
    await turns();
    expect(markers).toBe(0);
    expect(await readAll(gate)).toBe('Subject: x\r\n\r\nbody\r\n');
    expect(markers).toBe(1);
  });
});

describe('MessageGate', () => {
  const composed = () => new MailComposer({ from: 'a@x.test', to: 'b@x.test', subject: 'Hi', text: 'small', html: '<p>small</p>' }).compile();

  it("is the last stream of nodemailer's message: no marker until the message is read, then one", async () => {
    let markers = 0;
    const gate = new MessageGate(async () => void (markers += 1));
    const message = composed();
    let composedWhole: Promise<void> | undefined;
    message.processFunc((input) => {
      composedWhole = finished(input, { readable: false }); // every byte of the message went into its last step
      return gate.stream(input);
    });
    const stream = message.createReadStream();
    await composedWhole;
    await turns();
    expect(markers).toBe(0);
    expect(gate.markerWritten).toBe(false);
    expect(await readAll(stream)).toMatch(/Subject: Hi\r\n[\s\S]*small[\s\S]*\r\n$/);
    expect(markers).toBe(1);
    expect(gate.markerWritten).toBe(true);
  });

  it('streams the message again (another connection) only while no marker was written', async () => {
    let markers = 0;
    const gate = new MessageGate(async () => void (markers += 1));
    const message = composed();
    message.processFunc((input) => gate.stream(input));
    message.createReadStream().destroy(); // a connection closed before reading it: the pool streams it again
    await readAll(message.createReadStream());
    expect(markers).toBe(1);
    await expect(readAll(message.createReadStream())).rejects.toThrow(/not sent again/);
    expect(markers).toBe(1);
  });

  it("fails a later stream at once, unread, while an earlier stream's marker is being committed", async () => {
    let release = () => {};
    const gate = new MessageGate(() => new Promise<void>((resolve) => (release = resolve)));
    const message = composed();
    message.processFunc((input) => gate.stream(input));
    const first = readAll(message.createReadStream());
    await turns(); // the first stream was read whole: its marker's commit began and has not ended
    const second = message.createReadStream(); // nobody reads it: its envelope would be refused or not
    const failed = new Promise<Error>((resolve) => second.once('error', resolve));
    expect((await failed).message).toMatch(/not sent again/);
    release();
    await first;
  });
});

describe('classifySendFailure', () => {
  it.each([
    [{ responseCode: 550, response: '550 No such user' }, false, { kind: 'refused', permanent: true, response: '550 No such user' }],
    [{ responseCode: 451, response: '451 try later', command: 'DATA' }, true, { kind: 'refused', permanent: false, response: '451 try later' }],
    [{ responseCode: 451, response: '451 try later', command: 'RCPT TO' }, true, { kind: 'ambiguous', response: '451 try later' }],
    [{ responseCode: 550, response: '550 No such user', command: 'RCPT TO' }, false, { kind: 'refused', permanent: true, response: '550 No such user' }],
    [{ message: 'Connection closed unexpectedly' }, true, { kind: 'ambiguous', response: 'Connection closed unexpectedly' }],
    [{ message: 'connect ECONNREFUSED' }, false, { kind: 'not_sent', response: 'connect ECONNREFUSED' }],
  ])('%j (marker %s) → %j', (error, marker, expected) => {
    expect(classifySendFailure(error, marker)).toEqual(expected);
  });
});

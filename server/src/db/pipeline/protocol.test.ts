import { describe, expect, it } from 'vitest';
import { dataRowFields, errorFields, MessageReader, MessageWriter } from './protocol';

describe('MessageWriter', () => {
  it('writes Parse, Bind (text values, NULL as -1), Execute and Sync as the protocol defines them', () => {
    const bytes = new MessageWriter().parse('s1', 'select $1', [705]).bind('s1', ['é', null]).execute().sync().take();
    const expected = Buffer.concat([
      Buffer.from([0x50, 0, 0, 0, 23]), Buffer.from('s1\0select $1\0'), Buffer.from([0, 1, 0, 0, 2, 0xc1]),
      Buffer.from([0x42, 0, 0, 0, 24]), Buffer.from('\0s1\0'), Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 0xc3, 0xa9, 0xff, 0xff, 0xff, 0xff, 0, 0]),
      Buffer.from([0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0]),
      Buffer.from([0x53, 0, 0, 0, 4]),
    ]);
    expect(bytes).toEqual(expected);
  });

  it('grows past its first buffer for large values and starts over after take()', () => {
    const writer = new MessageWriter();
    const big = 'x'.repeat(100_000);
    const bytes = writer.bind('s', [big]).take();
    expect(bytes.length).toBe(1 + 4 + 1 + 2 + 2 + 2 + 4 + big.length + 2);
    expect(writer.sync().take()).toEqual(Buffer.from([0x53, 0, 0, 0, 4]));
  });

  it('writes the startup message with its parameters and protocol 3.0', () => {
    const bytes = new MessageWriter().startup({ user: 'u', database: 'd' }).take();
    expect(bytes.readInt32BE(0)).toBe(bytes.length);
    expect(bytes.readInt32BE(4)).toBe(196608);
    expect(bytes.subarray(8).toString()).toBe('user\0u\0database\0d\0\0');
  });
});

describe('MessageReader', () => {
  it('splits a stream cut anywhere into whole messages', () => {
    const stream = Buffer.concat([
      Buffer.from([0x31, 0, 0, 0, 4]), // ParseComplete
      Buffer.from([0x44, 0, 0, 0, 15, 0, 2, 0, 0, 0, 1, 0x61, 0xff, 0xff, 0xff, 0xff]), // DataRow ('a', NULL)
      Buffer.from([0x5a, 0, 0, 0, 5, 0x49]), // ReadyForQuery idle
    ]);
    for (let cut = 0; cut <= stream.length; cut++) {
      const reader = new MessageReader();
      const messages = [...reader.push(stream.subarray(0, cut)), ...reader.push(stream.subarray(cut))];
      expect(messages.map((message) => message.type)).toEqual([0x31, 0x44, 0x5a]);
      expect(dataRowFields(messages[1]!.body).map((field) => field?.toString() ?? null)).toEqual(['a', null]);
    }
  });

  it('reads error fields', () => {
    const body = Buffer.from('SERROR\0C42501\0Mpermission denied for table x\0Dthe detail\0\0');
    expect(errorFields(body)).toEqual({ S: 'ERROR', C: '42501', M: 'permission denied for table x', D: 'the detail' });
  });
});

/**
 * PostgreSQL's frontend/backend protocol (version 3), the part the data API's pipeline uses: startup and
 * authentication messages, the extended query messages (Parse, Bind, Execute, Close, Sync) written into
 * one buffer per request, and a reader that splits the backend's byte stream into messages.
 * https://www.postgresql.org/docs/current/protocol-message-formats.html
 */

/** Builds frontend messages into one growing buffer. */
export class MessageWriter {
  private buffer = Buffer.allocUnsafe(4096);
  private length = 0;
  private messageStart = -1;

  private ensure(extra: number): void {
    if (this.length + extra <= this.buffer.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + extra));
    this.buffer.copy(next, 0, 0, this.length);
    this.buffer = next;
  }

  private begin(type: number): void {
    this.ensure(5);
    this.buffer[this.length] = type;
    this.messageStart = this.length + 1;
    this.length += 5;
  }

  private end(): void {
    this.buffer.writeInt32BE(this.length - this.messageStart, this.messageStart);
  }

  private int16(value: number): void {
    this.ensure(2);
    this.buffer.writeInt16BE(value, this.length);
    this.length += 2;
  }

  private int32(value: number): void {
    this.ensure(4);
    this.buffer.writeInt32BE(value, this.length);
    this.length += 4;
  }

  /** A NUL-terminated UTF-8 string. */
  private cstring(value: string): void {
    this.ensure(Buffer.byteLength(value) + 1);
    this.length += this.buffer.write(value, this.length, 'utf8');
    this.buffer[this.length++] = 0;
  }

  private bytes(value: Buffer): void {
    this.ensure(value.length);
    value.copy(this.buffer, this.length);
    this.length += value.length;
  }

  /** Parse: a named prepared statement with its parameter types (0 = let the server infer). */
  parse(name: string, text: string, types: number[]): this {
    this.begin(0x50); // P
    this.cstring(name);
    this.cstring(text);
    this.int16(types.length);
    for (const type of types) this.int32(type);
    this.end();
    return this;
  }

  /** Bind the unnamed portal to a statement, every value as text, every result column as text. */
  bind(statement: string, values: readonly (string | null)[]): this {
    this.begin(0x42); // B
    this.cstring('');
    this.cstring(statement);
    this.int16(0); // parameter formats: all text
    this.int16(values.length);
    for (const value of values) {
      if (value === null) {
        this.int32(-1);
        continue;
      }
      const size = Buffer.byteLength(value);
      this.int32(size);
      this.ensure(size);
      this.length += this.buffer.write(value, this.length, 'utf8');
    }
    this.int16(0); // result formats: all text
    this.end();
    return this;
  }

  /** Execute the unnamed portal, all rows. */
  execute(): this {
    this.begin(0x45); // E
    this.cstring('');
    this.int32(0);
    this.end();
    return this;
  }

  /** Close a prepared statement. */
  close(statement: string): this {
    this.begin(0x43); // C
    this.buffer[this.length++] = 0x53; // S
    this.cstring(statement);
    this.end();
    return this;
  }

  sync(): this {
    this.begin(0x53); // S
    this.end();
    return this;
  }

  /** A simple query (used to roll back after a failed pipeline). */
  query(text: string): this {
    this.begin(0x51); // Q
    this.cstring(text);
    this.end();
    return this;
  }

  /** PasswordMessage / SASLInitialResponse / SASLResponse share the type `p`. */
  password(payload: Buffer): this {
    this.begin(0x70);
    this.bytes(payload);
    this.end();
    return this;
  }

  saslInitial(mechanism: string, payload: Buffer): this {
    this.begin(0x70);
    this.cstring(mechanism);
    this.int32(payload.length);
    this.bytes(payload);
    this.end();
    return this;
  }

  /** StartupMessage (protocol 3.0) or SSLRequest: no type byte, only a length. */
  startup(parameters: Record<string, string>): this {
    const start = this.length;
    this.int32(0);
    this.int32(196608);
    for (const [key, value] of Object.entries(parameters)) {
      this.cstring(key);
      this.cstring(value);
    }
    this.ensure(1);
    this.buffer[this.length++] = 0;
    this.buffer.writeInt32BE(this.length - start, start);
    return this;
  }

  sslRequest(): this {
    this.int32(8);
    this.int32(80877103);
    return this;
  }

  /** The bytes written so far (a copy owned by the caller); the writer starts over. */
  take(): Buffer {
    const out = Buffer.from(this.buffer.subarray(0, this.length));
    this.length = 0;
    return out;
  }
}

export interface BackendMessage {
  type: number;
  /** The payload, without the type byte and length. */
  body: Buffer;
}

/** Splits the backend's byte stream into messages; chunks may end anywhere. */
export class MessageReader {
  private pending: Buffer | null = null;

  *push(chunk: Buffer): Generator<BackendMessage> {
    const data = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = null;
    let offset = 0;
    while (data.length - offset >= 5) {
      const size = data.readInt32BE(offset + 1);
      if (data.length - offset < size + 1) break;
      yield { type: data[offset]!, body: data.subarray(offset + 5, offset + 1 + size) };
      offset += size + 1;
    }
    if (offset < data.length) this.pending = data.subarray(offset);
  }
}

/** DataRow → its fields as the text's bytes, not decoded (null for SQL NULL): a response body is sent as is. */
export function dataRowFields(body: Buffer): (Buffer | null)[] {
  const count = body.readInt16BE(0);
  const fields: (Buffer | null)[] = new Array(count);
  let offset = 2;
  for (let i = 0; i < count; i++) {
    const size = body.readInt32BE(offset);
    offset += 4;
    if (size < 0) {
      fields[i] = null;
    } else {
      fields[i] = body.subarray(offset, offset + size);
      offset += size;
    }
  }
  return fields;
}

/** ErrorResponse / NoticeResponse → field code → value (`C` code, `M` message, `D` detail, `H` hint…). */
export function errorFields(body: Buffer): Record<string, string> {
  const fields: Record<string, string> = {};
  let offset = 0;
  while (offset < body.length && body[offset] !== 0) {
    const code = String.fromCharCode(body[offset]!);
    const end = body.indexOf(0, offset + 1);
    fields[code] = body.toString('utf8', offset + 1, end);
    offset = end + 1;
  }
  return fields;
}

/** Backend message types this client reads. */
export const BACKEND = {
  authentication: 0x52, // R
  backendKeyData: 0x4b, // K
  bindComplete: 0x32, // 2
  closeComplete: 0x33, // 3
  commandComplete: 0x43, // C
  dataRow: 0x44, // D
  emptyQuery: 0x49, // I
  error: 0x45, // E
  noData: 0x6e, // n
  notice: 0x4e, // N
  notification: 0x41, // A
  parameterStatus: 0x53, // S
  parseComplete: 0x31, // 1
  readyForQuery: 0x5a, // Z
  rowDescription: 0x54, // T
} as const;

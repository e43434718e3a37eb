import { parseError, type RestError } from '../errors';
import type { Field, JsonStep } from '../request-types';

const IDENTIFIER_CHAR = /^[\p{L}\p{N}_$ ]$/u;
const JSON_KEY_STOP = new Set(['(', '-', ':', '.', ',', '>', ')']);

/**
 * A cursor over one parameter value with PostgREST's lexical pieces (`QueryParams.hs`): field names,
 * JSON paths, cast identifiers, quoted values. Errors read like PostgREST's:
 * `"failed to parse select parameter (…)" (line 1, column N)`, details `unexpected "x" expecting …`.
 */
export class Scanner {
  pos = 0;

  constructor(
    readonly input: string,
    /** `select parameter`, `filter`, `order`, `logic tree`, `tree path`, … */
    readonly what: string,
    /** The text quoted in error messages (a logic tree shows its value without the `or` prefix). */
    readonly shown: string = input,
  ) {}

  get done(): boolean {
    return this.pos >= this.input.length;
  }

  peek(offset = 0): string {
    return this.input.charAt(this.pos + offset);
  }

  startsWith(text: string): boolean {
    return this.input.startsWith(text, this.pos);
  }

  /** Consumes `text` when it comes next. */
  accept(text: string): boolean {
    if (!this.startsWith(text)) return false;
    this.pos += text.length;
    return true;
  }

  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }

  fail(expecting: string, at = this.pos): RestError {
    const found = at >= this.input.length ? 'end of input' : JSON.stringify(this.input.charAt(at));
    return parseError(this.what, this.shown, at + 1, `unexpected ${found} expecting ${expecting}`);
  }

  expect(char: string, expecting = JSON.stringify(char)): void {
    if (this.peek() !== char) throw this.fail(expecting);
    this.pos++;
  }

  /** `"…"` with backslash escapes (PostgREST `pQuotedValue`). */
  quoted(): string {
    this.pos++; // opening quote
    let value = '';
    while (!this.done && this.peek() !== '"') {
      if (this.peek() === '\\') this.pos++;
      if (this.done) break;
      value += this.peek();
      this.pos++;
    }
    if (this.done) throw this.fail('"\\""', this.input.length);
    this.pos++; // closing quote
    return value;
  }

  /** Letters, digits, `_`, `$` and spaces, trimmed (PostgREST `pIdentifier`); null when none. */
  identifier(): string | null {
    const start = this.pos;
    while (!this.done && IDENTIFIER_CHAR.test(this.peek())) this.pos++;
    const value = this.input.slice(start, this.pos).trim();
    return value === '' ? null : value;
  }

  /** Identifiers joined by `-` (a `-` before `>` starts a JSON path instead). */
  private dashed(part: () => string | null): string | null {
    const parts: string[] = [];
    for (;;) {
      const value = part();
      if (value === null) {
        if (parts.length === 0) return null;
        throw this.fail('letter or digit');
      }
      parts.push(value);
      if (this.peek() === '-' && this.peek(1) !== '>') {
        this.pos++;
        continue;
      }
      return parts.join('-');
    }
  }

  /** A field name: quoted, or identifiers joined by dashes (PostgREST `pFieldName`). */
  fieldName(): string {
    if (this.peek() === '"') return this.quoted();
    const start = this.pos;
    const name = this.dashed(() => this.identifier());
    if (name === null) throw this.fail('field name (* or [a..z0..9_$])', start);
    return name;
  }

  private jsonKey(): string {
    if (this.peek() === '"') return this.quoted();
    const start = this.pos;
    const key = this.dashed(() => {
      const from = this.pos;
      while (!this.done && !JSON_KEY_STOP.has(this.peek())) this.pos++;
      const value = this.input.slice(from, this.pos).trim();
      return value === '' ? null : value;
    });
    if (key === null) throw this.fail('any non reserved character different from: .,>()', start);
    return key;
  }

  /** `->a->>b->0…`; an index must be followed by `->`, `::`, `.`, `,` or the end, else it is a key. */
  jsonPath(): JsonStep[] {
    const steps: JsonStep[] = [];
    for (;;) {
      let arrow: JsonStep['arrow'];
      if (this.accept('->>')) arrow = '->>';
      else if (this.accept('->')) arrow = '->';
      else return steps;
      const index = /^-?\d+/.exec(this.input.slice(this.pos, this.pos + 20));
      const after = index ? this.pos + index[0].length : -1;
      const ends =
        index &&
        (after >= this.input.length || ['->', '::', '.', ','].some((end) => this.input.startsWith(end, after)));
      if (index && ends && index[0].length <= 15) {
        this.pos = after;
        steps.push({ arrow, key: index[0], index: Number(index[0]) });
      } else {
        steps.push({ arrow, key: this.jsonKey() });
      }
    }
  }

  /** A field with its optional JSON path, spaces around allowed (PostgREST `pField`). */
  field(): Field {
    this.skipSpaces();
    const name = this.fieldName();
    const jsonPath = this.jsonPath();
    this.skipSpaces();
    return { name, jsonPath };
  }

  /** `::type` after a field; the type is checked later against the catalogue. */
  cast(): string | undefined {
    if (!this.startsWith('::')) return undefined;
    this.pos += 2;
    const type = this.identifier();
    if (type === null) throw this.fail('letter or digit');
    return type;
  }
}

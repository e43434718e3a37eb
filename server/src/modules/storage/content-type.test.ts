import { describe, expect, it } from 'vitest';
import { decideContentType, isActiveContent, normaliseDeclaredType, sniffType } from './content-type';

describe('normaliseDeclaredType', () => {
  it.each([
    ['text/plain;charset=UTF-8', 'text/plain;charset=utf-8'],
    ['Image/PNG', 'image/png'],
    ['text/csv; charset="latin1"; header=present', 'text/csv;charset=latin1'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['', undefined],
    [undefined, undefined],
    ['not a type', undefined],
    ['text/', undefined],
    ['text/html\r\nx-evil: 1', undefined],
  ])('%j → %j', (declared, type) => {
    expect(normaliseDeclaredType(declared)).toBe(type);
  });
});

describe('sniffType and decideContentType: the bytes win over the declared type', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  const pdf = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');

  it('recognises binary formats from their first bytes', async () => {
    expect(await sniffType(png)).toBe('image/png');
    expect(await sniffType(pdf)).toBe('application/pdf');
    expect(await sniffType(Buffer.from('just words'))).toBeUndefined();
    expect(await sniffType(Buffer.alloc(0))).toBeUndefined();
    expect(await sniffType(Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('application/xml');
  });

  it.each([
    ['text/plain', 'image/png', 'image/png'],
    ['image/jpeg', 'image/png', 'image/png'],
    ['text/html', undefined, 'text/html'],
    ['text/plain;charset=UTF-8', undefined, 'text/plain;charset=utf-8'],
    [undefined, undefined, 'application/octet-stream'],
    ['garbage', undefined, 'application/octet-stream'],
    // Generic XML bytes declared as a kind of XML keep the kind (an SVG with its <?xml line); anything else does not.
    ['image/svg+xml', 'application/xml', 'image/svg+xml'],
    ['text/plain', 'application/xml', 'application/xml'],
    ['image/png', 'application/xml', 'application/xml'],
  ])('declared %j, sniffed %j → %j', (declared, sniffed, type) => {
    expect(decideContentType(declared, sniffed)).toBe(type);
  });
});

describe('isActiveContent: what a browser would run if shown inline', () => {
  it.each(['text/html', 'text/html;charset=utf-8', 'application/xhtml+xml', 'image/svg+xml', 'text/xml', 'application/xml', 'application/atom+xml', 'text/javascript', 'application/x-javascript', 'multipart/related'])(
    '%s is active',
    (type) => {
      expect(isActiveContent(type)).toBe(true);
    },
  );
  it.each(['image/png', 'video/mp4', 'application/pdf', 'text/plain', 'text/csv', 'application/json', 'application/octet-stream'])('%s is not', (type) => {
    expect(isActiveContent(type)).toBe(false);
  });
});

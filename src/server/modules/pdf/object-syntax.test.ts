import {
  PDF,
  PdfArray,
  PdfBool,
  PdfDict,
  PdfName,
  PdfNull,
  PdfNumber,
  PdfRef,
  PdfStream,
  PdfString,
  type PdfObject,
} from '@libpdf/core';
import { describe, expect, test } from 'vitest';
import { nameSyntax, numberSyntax, writeObject, type ByteSink } from './object-syntax.ts';

/** PDF objects as the revision writer appends them: read back by the library, value for value. */

function bytesOf(obj: PdfObject): Buffer {
  const chunks: Buffer[] = [];
  const sink: ByteSink = {
    writeByte: (b) => chunks.push(Buffer.from([b])),
    writeBytes: (b) => chunks.push(Buffer.from(b)),
    writeAscii: (s) => chunks.push(Buffer.from(s, 'latin1')),
  };
  writeObject(sink, obj);
  return Buffer.concat(chunks);
}
const text = (obj: PdfObject) => bytesOf(obj).toString('latin1');

/** A one-page file whose catalog carries `value` under /Probe, written by us, then loaded. */
async function roundTrip(value: PdfObject): Promise<PdfObject | undefined> {
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R /Probe ${text(value)} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let file = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(file, 'latin1'));
    file += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(file, 'latin1');
  file += `xref\n0 4\n0000000000 65535 f\r\n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n\r\n`).join('')}`;
  file += `trailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const pdf = await PDF.load(Buffer.from(file, 'latin1'), { lenient: false });
  return pdf.context.catalog.getDict().get('Probe');
}

describe('object syntax', () => {
  test('names escape delimiters, white space, # and non-ASCII as #xx', () => {
    expect(nameSyntax('Type')).toBe('/Type');
    expect(nameSyntax('A B#(c)/d')).toBe('/A#20B#23#28c#29#2Fd');
    expect(nameSyntax('Café')).toBe('/Caf#C3#A9');
  });

  test('numbers: integers whole, reals to five decimals without trailing zeros', () => {
    expect(numberSyntax(612)).toBe('612');
    expect(numberSyntax(-3)).toBe('-3');
    expect(numberSyntax(0.5)).toBe('0.5');
    expect(numberSyntax(595.28)).toBe('595.28');
    expect(numberSyntax(1 / 3)).toBe('0.33333');
    expect(numberSyntax(0.000001)).toBe('0');
    expect(() => numberSyntax(Number.NaN)).toThrow();
    expect(() => numberSyntax(Infinity)).toThrow();
  });

  test('strings: literal with \\ ( ) escaped, or hex', () => {
    expect(text(PdfString.fromString('a (b) \\ c'))).toBe('(a \\(b\\) \\\\ c)');
    expect(text(new PdfString(new Uint8Array([0, 0xab, 0xff]), 'hex'))).toBe('<00ABFF>');
  });

  test('a stream states the length of the data it holds, whatever its dictionary said', () => {
    const stream = new PdfStream(
      [
        ['Length', PdfNumber.of(999)],
        ['Filter', PdfName.of('FlateDecode')],
      ],
      new Uint8Array([1, 2, 3]),
    );
    const out = bytesOf(stream);
    expect(out.toString('latin1')).toMatch(/^<<\n\/Length 3\n\/Filter \/FlateDecode\n>>\nstream\n/);
    expect(out.toString('latin1')).not.toContain('999');
    expect(out.subarray(-13)).toEqual(Buffer.concat([Buffer.from([1, 2, 3]), Buffer.from('\nendstream')]));
  });

  test('every kind of object reads back as the value written', async () => {
    const value = new PdfDict([
      ['Name', PdfName.of('With Space#')],
      ['Int', PdfNumber.of(-42)],
      ['Real', PdfNumber.of(12.125)],
      ['Yes', PdfBool.of(true)],
      ['No', PdfBool.of(false)],
      ['Nothing', PdfNull.instance],
      ['Ref', PdfRef.of(3, 0)],
      ['Text', PdfString.fromString('Ünïcode (and) \\ back')],
      ['Hex', new PdfString(new Uint8Array([0xde, 0xad]), 'hex')],
      ['List', new PdfArray([PdfNumber.of(1), PdfName.of('Two'), new PdfArray([]), new PdfDict([])])],
    ]);
    const back = await roundTrip(value);
    expect(back).toBeInstanceOf(PdfDict);
    const dict = back as PdfDict;
    expect(dict.getName('Name')?.value).toBe('With Space#');
    expect(dict.getNumber('Int')?.value).toBe(-42);
    expect(dict.getNumber('Real')?.value).toBe(12.125);
    expect(dict.get('Yes')).toEqual(PdfBool.of(true));
    expect(dict.get('No')).toEqual(PdfBool.of(false));
    expect(dict.get('Nothing')?.type).toBe('null');
    expect(dict.getRef('Ref')).toEqual(PdfRef.of(3, 0));
    expect(dict.getString('Text')?.asString()).toBe('Ünïcode (and) \\ back');
    expect(Buffer.from(dict.getString('Hex')!.bytes).toString('hex')).toBe('dead');
    const list = dict.getArray('List')!;
    expect(list.length).toBe(4);
    expect(text(list)).toBe('[1 /Two [] <<\n>>]');
  });
});

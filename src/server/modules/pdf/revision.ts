import crypto from 'node:crypto';
import zlib from 'node:zlib';
import {
  PdfArray,
  PdfDict,
  PdfName,
  PdfNumber,
  PdfRef,
  PdfStream,
  PdfString,
  type PDF,
  type SignatureField,
  type PdfObject,
} from '@libpdf/core';
import { cadesDetached } from './cms.ts';
import type { KeySigner } from './key-signer.ts';
import { lastXref } from './last-xref.ts';
import { writeObject, type ByteSink } from './object-syntax.ts';

/**
 * Incremental updates written by us (decision 035). The file is read once; each revision appends
 * the objects changed or created since the last one and a cross-reference section in the file's
 * own style (a table, or a stream when the newest section is a stream) whose /Prev chains to the
 * one before. Nothing before the new revision is copied, re-read or hashed again: one running
 * SHA-256 covers the file as it grows, the signature's digest is a copy of it fed the new
 * revision around the /Contents hole, and /ByteRange and /Contents are patched in the revision's
 * own small buffer. The whole file is assembled once, at the end.
 */

/** A revision's bytes as they are written; positions are file offsets. */
class Out implements ByteSink {
  private buf = new Uint8Array(64 * 1024);
  private at = 0;
  constructor(private readonly start: number) {}
  get position() {
    return this.start + this.at;
  }
  private grow(n: number) {
    if (this.at + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.at + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.at));
    this.buf = next;
  }
  writeByte(b: number) {
    this.grow(1);
    this.buf[this.at++] = b;
  }
  writeBytes(bytes: Uint8Array) {
    this.grow(bytes.length);
    this.buf.set(bytes, this.at);
    this.at += bytes.length;
  }
  writeAscii(s: string) {
    this.grow(s.length);
    for (let i = 0; i < s.length; i++) this.buf[this.at++] = s.charCodeAt(i);
  }
  object(obj: PdfObject) {
    writeObject(this, obj);
  }
  bytes() {
    return this.buf.subarray(0, this.at);
  }
}

/** Walks into an object's direct children (not through references): did anything change? */
function dirty(obj: PdfObject): boolean {
  if ((obj instanceof PdfDict || obj instanceof PdfArray) && obj.dirty) return true;
  if (obj instanceof PdfDict) {
    for (const [, v] of obj) if (!(v instanceof PdfRef) && dirty(v)) return true;
  } else if (obj instanceof PdfArray) {
    for (const v of obj) if (!(v instanceof PdfRef) && dirty(v)) return true;
  }
  return false;
}
function clean(obj: PdfObject) {
  if (obj instanceof PdfDict || obj instanceof PdfArray) obj.clearDirty();
  if (obj instanceof PdfDict) {
    for (const [, v] of obj) if (!(v instanceof PdfRef)) clean(v);
  } else if (obj instanceof PdfArray) {
    for (const v of obj) if (!(v instanceof PdfRef)) clean(v);
  }
}

/** As @libpdf/core's save does: an unfiltered stream of 512 bytes or more is deflated when that helps. */
function prepared(obj: PdfObject): PdfObject {
  if (!(obj instanceof PdfStream) || obj.has('Filter') || obj.data.length < 512) return obj;
  const deflated = zlib.deflateSync(obj.data);
  if (deflated.length >= obj.data.length) return obj;
  const copy = new PdfStream(obj, deflated);
  copy.set('Filter', PdfName.of('FlateDecode'));
  return copy;
}

interface Entry {
  num: number;
  gen: number;
  offset: number;
}

/** Consecutive object numbers grouped, as both cross-reference forms list them. */
function subsections(entries: Entry[]) {
  const sorted = [...entries].sort((a, b) => a.num - b.num);
  const out: { start: number; entries: Entry[] }[] = [];
  for (const e of sorted) {
    const last = out.at(-1);
    if (last && e.num === last.start + last.entries.length) last.entries.push(e);
    else out.push({ start: e.num, entries: [e] });
  }
  return out;
}

/** What a signature revision needs besides the pending changes. */
export interface SignatureOptions {
  signer: KeySigner;
  signingTime: Date;
  reason?: string;
  location?: string;
}

/** Bytes reserved for the CMS (twice as many hex digits): @libpdf/core's default, more for long chains. */
function contentsSize(signer: KeySigner) {
  const certificates = [signer.certificate, ...signer.certificateChain].reduce((n, c) => n + c.length, 0);
  return Math.max(12_288, certificates + 4096);
}

const BYTE_RANGE_WIDTH = 10;

export class RevisionWriter {
  private readonly tails: Uint8Array[] = [];
  private total: number;
  private prevXref: number;
  private size: number;
  private readonly xrefStream: boolean;
  private readonly id: [Uint8Array, Uint8Array];
  private readonly hash: crypto.Hash;

  /**
   * `pdf` was loaded from `base` and is changed in place between revisions. `hashed`: a SHA-256
   * already fed exactly `base`, when the caller had to read it anyway. Throws `DamagedPdfError`
   * when `base` does not end with a cross-reference section to chain to.
   */
  constructor(
    private readonly pdf: PDF,
    private readonly base: Uint8Array,
    hashed?: crypto.Hash,
  ) {
    const last = lastXref(base);
    this.prevXref = last.offset;
    this.total = base.length;
    this.xrefStream = last.stream;
    const trailer = pdf.context.info.trailer;
    this.size = trailer.getNumber('Size')?.value ?? 0;
    const ids = trailer.getArray('ID');
    const [a, b] = [ids?.at(0), ids?.at(1)];
    if (a instanceof PdfString && b instanceof PdfString) this.id = [a.bytes, b.bytes];
    else {
      const fresh = crypto.randomBytes(16);
      this.id = [fresh, fresh];
    }
    this.hash = hashed ?? crypto.createHash('sha256').update(base);
  }

  /** Length of the file so far. */
  get length() {
    return this.total;
  }

  /** SHA-256 (hex) of the file so far. */
  sha256() {
    return this.hash.copy().digest('hex');
  }

  /** The whole file: the base and every revision after it, in one buffer of its own size. */
  bytes(): Uint8Array {
    const out = Buffer.allocUnsafeSlow(this.total);
    out.set(this.base, 0);
    let at = this.base.length;
    for (const tail of this.tails) {
      out.set(tail, at);
      at += tail.length;
    }
    return new Uint8Array(out.buffer, out.byteOffset, out.length);
  }

  /** Appends what changed on the document since the last revision. False when nothing did. */
  commit(): boolean {
    const { out, written } = this.writeChanges();
    if (written === 0) return false;
    this.finish(out);
    return true;
  }

  /**
   * Appends what changed and a signature over the whole file: an invisible signature field (the
   * first unsigned one, else a new `Signature_N`) on the first page, its /V a PAdES signature
   * dictionary whose /ByteRange covers everything but its /Contents.
   */
  async sign(opts: SignatureOptions): Promise<void> {
    const registry = this.pdf.context.registry;
    const sigRef = registry.allocateRef();
    this.prepareField(sigRef);
    const { out } = this.writeChanges({ ref: sigRef, write: (o) => this.writeSignatureDict(o, opts) });
    const placeholder = this.placeholder!;
    this.placeholder = undefined;
    const tail = this.finish(out, false);
    const start = this.total - tail.length;
    // [0, before '<'] and [after '>', end of file]
    const holeStart = placeholder.contents - 1;
    const holeEnd = placeholder.contents + placeholder.contentsLength + 1;
    const range = [0, holeStart, holeEnd, this.total - holeEnd];
    const text = `[0 ${range
      .slice(1)
      .map((n) => String(n).padEnd(BYTE_RANGE_WIDTH, ' '))
      .join(' ')}]`;
    if (text.length !== placeholder.byteRangeLength) throw new Error('the byte range does not fit');
    tail.set(Buffer.from(text, 'latin1'), placeholder.byteRange - start);
    const digest = this.hash
      .copy()
      .update(tail.subarray(0, holeStart - start))
      .update(tail.subarray(holeEnd - start))
      .digest();
    const cms = await cadesDetached(opts.signer, digest, opts.signingTime);
    const hex = Buffer.from(cms).toString('hex');
    if (hex.length > placeholder.contentsLength)
      throw new Error(`the signature (${cms.length} bytes) does not fit its placeholder`);
    tail.write(hex, placeholder.contents - start, 'latin1');
    this.hash.update(tail);
  }

  private placeholder?: {
    byteRange: number;
    byteRangeLength: number;
    contents: number;
    contentsLength: number;
  };

  private writeSignatureDict(o: Out, opts: SignatureOptions) {
    const hexLength = contentsSize(opts.signer) * 2;
    o.writeAscii('<<\n/Type /Sig\n/Filter /Adobe.PPKLite\n/SubFilter /ETSI.CAdES.detached\n/ByteRange ');
    const byteRange = o.position;
    const stars = '*'.repeat(BYTE_RANGE_WIDTH);
    const rangeText = `[0 ${stars} ${stars} ${stars}]`;
    o.writeAscii(rangeText);
    o.writeAscii('\n/Contents <');
    const contents = o.position;
    o.writeAscii('0'.repeat(hexLength));
    o.writeAscii('>\n/M ');
    o.object(PdfString.fromString(pdfDate(opts.signingTime)));
    if (opts.reason) {
      o.writeAscii('\n/Reason ');
      o.object(PdfString.fromString(opts.reason));
    }
    if (opts.location) {
      o.writeAscii('\n/Location ');
      o.object(PdfString.fromString(opts.location));
    }
    o.writeAscii('\n>>');
    this.placeholder = { byteRange, byteRangeLength: rangeText.length, contents, contentsLength: hexLength };
  }

  /** As @libpdf/core 0.4.2 did: the field and its widget merged, invisible, on the first page. */
  private prepareField(valueRef: PdfRef) {
    const pdf = this.pdf;
    const firstPage = pdf.getPage(0);
    if (!firstPage) throw new Error('the document has no pages');
    const form = pdf.getOrCreateForm();
    const names = new Set<string>();
    let field: PdfDict | undefined;
    for (const f of form.getFields()) {
      names.add(f.name);
      if (f.type === 'signature' && !(f as SignatureField).isSigned()) {
        field = f.getDict();
        break;
      }
    }
    if (!field) {
      let n = 1;
      while (names.has(`Signature_${n}`)) n++;
      field = form.createSignatureField(`Signature_${n}`).getDict();
    }
    field.set('V', valueRef);
    this.removeWidgetKids(field);
    field.delete('Kids');
    field.set('Type', PdfName.of('Annot'));
    field.set('Subtype', PdfName.of('Widget'));
    field.set('F', PdfNumber.of(132));
    field.set('P', firstPage.ref);
    field.set('Rect', new PdfArray([0, 0, 0, 0].map((v) => PdfNumber.of(v))));
  }

  private removeWidgetKids(field: PdfDict) {
    const pdf = this.pdf;
    const resolve = (ref: PdfRef) => pdf.getObject(ref);
    const kids = field.getArray('Kids', resolve);
    if (!kids || kids.length === 0) return;
    const keys = new Set<string>();
    for (const kid of kids) if (kid instanceof PdfRef) keys.add(`${kid.objectNumber} ${kid.generation}`);
    if (keys.size === 0) return;
    for (const page of pdf.getPages()) {
      const annots = page.dict.getArray('Annots', resolve);
      if (!annots) continue;
      for (let i = annots.length - 1; i >= 0; i--) {
        const item = annots.at(i);
        if (item instanceof PdfRef && keys.has(`${item.objectNumber} ${item.generation}`)) annots.remove(i);
      }
    }
  }

  private entries: Entry[] = [];

  /** Serialises every changed and new object after the file so far; `extra` is written by hand. */
  private writeChanges(extra?: { ref: PdfRef; write: (o: Out) => void }) {
    const pdf = this.pdf;
    // The document's own font manager writes its fonts once, on the first save: a font embedded
    // there would be missing from every later revision. PdfText embeds in one of its own.
    if (pdf.fonts.hasEmbeddedFonts) throw new Error('fonts are embedded through PdfText, one per revision');
    const registry = pdf.context.registry;
    const out = new Out(this.total);
    const last = this.total > 0 ? this.lastByte() : 10;
    if (last !== 10 && last !== 13) out.writeByte(10);
    this.entries = [];
    const write = (ref: PdfRef, obj: PdfObject) => {
      this.entries.push({ num: ref.objectNumber, gen: ref.generation, offset: out.position });
      out.writeAscii(`${ref.objectNumber} ${ref.generation} obj\n`);
      out.object(prepared(obj));
      out.writeAscii('\nendobj\n');
    };
    const loaded = registry.getLoadedObjects();
    for (const [ref, obj] of loaded) if (dirty(obj)) write(ref, obj);
    const created = registry.getNewObjects();
    for (const [ref, obj] of created) write(ref, obj);
    if (extra) {
      this.entries.push({ num: extra.ref.objectNumber, gen: 0, offset: out.position });
      out.writeAscii(`${extra.ref.objectNumber} 0 obj\n`);
      extra.write(out);
      out.writeAscii('\nendobj\n');
    }
    for (const [, obj] of loaded) clean(obj);
    for (const [, obj] of created) clean(obj);
    registry.commitNewObjects();
    return { out, written: this.entries.length };
  }

  private lastByte() {
    const tail = this.tails.at(-1);
    return tail ? tail[tail.length - 1]! : this.base[this.base.length - 1]!;
  }

  /** Writes the cross-reference section and trailer after the objects; `hash`: feed the running hash. */
  private finish(out: Out, hash = true): Buffer {
    const registry = this.pdf.context.registry;
    const trailer = this.pdf.context.info.trailer;
    const xrefOffset = out.position;
    const entries = this.entries;
    let streamNum = 0;
    if (this.xrefStream) {
      streamNum = registry.allocateRef().objectNumber;
      entries.push({ num: streamNum, gen: 0, offset: xrefOffset });
    }
    const maxNum = entries.reduce((m, e) => Math.max(m, e.num), 0);
    this.size = Math.max(this.size, maxNum + 1, registry.nextObjectNumber);
    const trailerEntries: [string, PdfObject][] = [
      ['Size', PdfNumber.of(this.size)],
      ['Prev', PdfNumber.of(this.prevXref)],
    ];
    const root = trailer.getRef('Root');
    if (!root) throw new Error('the document has no catalog');
    trailerEntries.push(['Root', root]);
    const info = trailer.getRef('Info');
    if (info) trailerEntries.push(['Info', info]);
    trailerEntries.push(['ID', new PdfArray(this.id.map((b) => new PdfString(b, 'hex')))]);
    const groups = subsections(entries);
    if (this.xrefStream) {
      const maxOffset = entries.reduce((m, e) => Math.max(m, e.offset), 0);
      const maxGen = entries.reduce((m, e) => Math.max(m, e.gen), 0);
      const w2 = Math.max(1, Math.ceil(Math.log2(maxOffset + 1) / 8));
      const w3 = Math.max(1, Math.ceil(Math.log2(maxGen + 1) / 8));
      const data = Buffer.alloc(entries.length * (1 + w2 + w3));
      let at = 0;
      for (const g of groups)
        for (const e of g.entries) {
          data[at++] = 1;
          data.writeUIntBE(e.offset, at, w2);
          at += w2;
          data.writeUIntBE(e.gen, at, w3);
          at += w3;
        }
      const index = groups.flatMap((g) => [PdfNumber.of(g.start), PdfNumber.of(g.entries.length)]);
      const dict: [string, PdfObject][] = [
        ['Type', PdfName.of('XRef')],
        ...trailerEntries,
        ['W', new PdfArray([1, w2, w3].map((n) => PdfNumber.of(n)))],
        ['Index', new PdfArray(index)],
        ['Filter', PdfName.of('FlateDecode')],
      ];
      out.writeAscii(`${streamNum} 0 obj\n`);
      out.object(new PdfStream(dict, zlib.deflateSync(data)));
      out.writeAscii('\nendobj\n');
    } else {
      out.writeAscii('xref\n');
      for (const g of groups) {
        out.writeAscii(`${g.start} ${g.entries.length}\n`);
        for (const e of g.entries)
          out.writeAscii(`${String(e.offset).padStart(10, '0')} ${String(e.gen).padStart(5, '0')} n\r\n`);
      }
      out.writeAscii('trailer\n');
      out.object(new PdfDict(trailerEntries));
      out.writeAscii('\n');
    }
    out.writeAscii(`startxref\n${xrefOffset}\n%%EOF\n`);
    const tail = Buffer.from(out.bytes());
    this.tails.push(tail);
    this.total += tail.length;
    this.prevXref = xrefOffset;
    if (hash) this.hash.update(tail);
    return tail;
  }
}

/** D:YYYYMMDDHHmmssZ, in UTC. */
function pdfDate(d: Date) {
  const p = (n: number) => String(n).padStart(2, '0');
  return `D:${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
}

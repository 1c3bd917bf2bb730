import crypto from 'node:crypto';
import { PDF } from '@libpdf/core';
import { PDFArray, PDFDocument, PDFName, PDFNumber, PDFString, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';

/**
 * PDFs for tests, the benchmark and `scripts/make-test-pdfs.ts`, made in code so no fixture
 * needs a tool at test time. pdf-lib writes them: a second library keeps our reader honest.
 */

const A4: [number, number] = [595.28, 841.89];

async function save(doc: PDFDocument) {
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

export const LETTER: [number, number] = [612, 792];

/** Plain pages with a heading each; `pages` pages of A4 (or of `size`). */
export async function simplePdf(pages = 1, size = A4): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage(size);
    page.drawText(`Test document, page ${i} of ${pages}`, { x: 50, y: size[1] - 60, size: 14, font });
  }
  return save(doc);
}

const nums = (...v: number[]) => v.map((n) => PDFNumber.of(n));

/**
 * Pages whose boxes and rotation trip naive code: (1) /Rotate 90 and a MediaBox starting at
 * (100, 200) both inherited from the page tree root, with an offset CropBox; (2) /Rotate 270 on
 * the page and a MediaBox with negative origin; (3) /Rotate 180; (4) nothing special.
 */
export async function awkwardPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 4; i++) doc.addPage([612, 792]);
  const pages = doc.getPages();
  const root = doc.catalog.lookup(PDFName.of('Pages')) as unknown as {
    set(k: PDFName, v: unknown): void;
  };
  root.set(PDFName.of('Rotate'), PDFNumber.of(90));
  root.set(PDFName.of('MediaBox'), doc.context.obj(nums(100, 200, 712, 992)));
  const [p1, p2, p3, p4] = pages as [
    (typeof pages)[0],
    (typeof pages)[0],
    (typeof pages)[0],
    (typeof pages)[0],
  ];
  p1.node.delete(PDFName.of('MediaBox'));
  p1.node.set(PDFName.of('CropBox'), doc.context.obj(nums(150, 260, 662, 952)) as PDFArray);
  p2.node.set(PDFName.of('MediaBox'), doc.context.obj(nums(-300, -400, 312, 392)) as PDFArray);
  p2.node.set(PDFName.of('Rotate'), PDFNumber.of(270));
  p3.node.set(PDFName.of('MediaBox'), doc.context.obj(nums(0, 0, 500, 700)) as PDFArray);
  p3.node.set(PDFName.of('Rotate'), PDFNumber.of(180));
  p4.node.set(PDFName.of('MediaBox'), doc.context.obj(nums(0, 0, 612, 792)) as PDFArray);
  p4.node.set(PDFName.of('Rotate'), PDFNumber.of(0));
  // A thin frame on page 4 only, so the other pages render blank and any ink there is ours.
  p4.drawRectangle({
    x: 20,
    y: 20,
    width: 572,
    height: 752,
    borderColor: rgb(0.6, 0.6, 0.6),
    borderWidth: 1,
  });
  return save(doc);
}

/**
 * Pages covered in clauses and ruled lines, so any ink added outside a placed box shows: (1) plain
 * A4; (2) A4 turned by /Rotate 90; (3) a CropBox smaller than the MediaBox and off its origin.
 */
export async function clausesPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= 3; i++) {
    const page = doc.addPage(A4);
    for (let y = A4[1] - 40; y > 20; y -= 18) {
      page.drawText(`Clause ${i}.${Math.round(y)}: the parties agree to the terms set out here.`, {
        x: 30,
        y,
        size: 9,
        font,
      });
      page.drawLine({ start: { x: 30, y: y - 4 }, end: { x: A4[0] - 30, y: y - 4 }, thickness: 0.5 });
    }
  }
  const [, turned, cropped] = doc.getPages();
  turned!.node.set(PDFName.of('Rotate'), PDFNumber.of(90));
  cropped!.node.set(PDFName.of('CropBox'), doc.context.obj(nums(60, 90, 520, 760)) as PDFArray);
  return save(doc);
}

/** About `targetBytes` spread over `pages` pages of incompressible photos (distinct per page). */
export async function largePdf(targetBytes: number, pages = 100): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const perPage = Math.max(1000, Math.floor(targetBytes / pages) - 1500);
  // Random RGB noise compresses to about 0.83 bytes per pixel at JPEG quality 90.
  const side = Math.max(16, Math.round(Math.sqrt(perPage / 0.83)));
  for (let i = 1; i <= pages; i++) {
    const noise = crypto.randomBytes(side * side * 3);
    const jpg = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const image = await doc.embedJpg(jpg);
    const page = doc.addPage(A4);
    page.drawImage(image, { x: 50, y: 200, width: 495, height: 495 });
    page.drawText(`Page ${i}`, { x: 50, y: 780, size: 14, font });
  }
  return save(doc);
}

/** A few pages carrying thousands of small objects (link annotations), as form-heavy files do. */
export async function manyObjectsPdf(objects = 20_000, pages = 10): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage(A4);
    const annots = [];
    for (let i = 0; i < objects / pages; i++) {
      const x = (i % 50) * 10;
      const y = Math.floor(i / 50) * 2;
      annots.push(
        doc.context.register(
          doc.context.obj({
            Type: 'Annot',
            Subtype: 'Link',
            Rect: [x, y, x + 8, y + 1],
            Border: [0, 0, 0],
          }),
        ),
      );
    }
    page.node.set(PDFName.of('Annots'), doc.context.obj(annots));
  }
  return save(doc);
}

/** A password-protected PDF (AES-256, user password "secret"). */
export async function encryptedPdf(): Promise<Buffer> {
  const pdf = await PDF.load(await simplePdf(1));
  pdf.setProtection({ userPassword: 'secret', ownerPassword: 'owner' });
  return Buffer.from(await pdf.save());
}

/** Starts like a PDF, then garbage: no cross-reference table, no catalog. */
export function brokenPdf(): Buffer {
  return Buffer.concat([
    Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Cat'),
    crypto.randomBytes(2048),
  ]);
}

/** A real PDF cut off halfway, as an interrupted download leaves it. */
export async function truncatedPdf(): Promise<Buffer> {
  const full = await simplePdf(3);
  return full.subarray(0, Math.floor(full.length / 2));
}

/**
 * `pages` pages under two intermediate /Pages nodes; the second node passes /Rotate 90 down to
 * its pages, as scanners and print drivers write long files.
 */
export async function nestedTreePdf(pages = 4): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++)
    doc.addPage(A4).drawText(`Nested page ${i}`, { x: 50, y: 780, size: 14, font });
  const ctx = doc.context;
  const rootRef = doc.catalog.get(PDFName.of('Pages'))!;
  const refs = doc.getPages().map((p) => p.ref);
  const half = Math.ceil(pages / 2);
  const nodes = [refs.slice(0, half), refs.slice(half)].map((kids, i) => {
    const ref = ctx.nextRef();
    const node = ctx.obj({ Type: 'Pages', Parent: rootRef, Kids: kids, Count: kids.length });
    if (i === 1) node.set(PDFName.of('Rotate'), PDFNumber.of(90));
    ctx.assign(ref, node);
    for (const kid of kids)
      doc
        .getPages()
        .find((p) => p.ref === kid)!
        .node.set(PDFName.of('Parent'), ref);
    return ref;
  });
  const root = doc.catalog.lookup(PDFName.of('Pages')) as unknown as { set(k: PDFName, v: unknown): void };
  root.set(PDFName.of('Kids'), ctx.obj(nodes));
  return save(doc);
}

/**
 * A PDF with every kind of active content the upload check knows: JavaScript
 * run on opening, on closing, by a named script, a form field and a chained link; a /Launch page
 * action and link; a `javascript:` link; an embedded file and a file attachment; XFA; a Screen and
 * a RichMedia annotation. One ordinary web link and one internal link must survive neutralising.
 */
export async function activeContentPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const [p1, p2] = [doc.addPage(A4), doc.addPage(A4)];
  p1.drawText('A page with active content', { x: 50, y: 780, size: 14, font });
  p2.drawText('Second page', { x: 50, y: 780, size: 14, font });
  const ctx = doc.context;
  const str = (s: string) => PDFString.of(s);
  const js = (code: string) => ctx.obj({ S: 'JavaScript', JS: str(code) });
  const rect = (y: number) => [50, y, 250, y + 20];
  const file = ctx.register(ctx.stream('hello from an embedded file', { Type: 'EmbeddedFile' }));
  const spec = () => ctx.obj({ Type: 'Filespec', F: str('payload.txt'), EF: { F: file } });
  const field = ctx.register(
    ctx.obj({
      FT: 'Tx',
      T: str('amount'),
      Type: 'Annot',
      Subtype: 'Widget',
      Rect: rect(500),
      P: p1.ref,
      AA: { K: js('event.rc = true; app.alert("keystroke")') },
    }),
  );
  const annots = [
    { Subtype: 'Link', Rect: rect(700), A: { S: 'Launch', F: str('cmd.exe') } },
    { Subtype: 'Link', Rect: rect(670), A: { S: 'URI', URI: str('javascript:alert(document.cookie)') } },
    { Subtype: 'Link', Rect: rect(640), A: { S: 'URI', URI: str('https://example.com/terms') } },
    { Subtype: 'FileAttachment', Rect: rect(610), FS: spec() },
    { Subtype: 'Screen', Rect: rect(580), A: { S: 'Rendition', OP: 0, JS: str('app.alert(2)') } },
    { Subtype: 'RichMedia', Rect: rect(550) },
  ].map((a) => ctx.register(ctx.obj({ Type: 'Annot', ...a })));
  p1.node.set(PDFName.of('Annots'), ctx.obj([...annots, field]));
  p1.node.set(PDFName.of('AA'), ctx.obj({ O: { S: 'Launch', F: str('calc.exe') } }));
  const chained = ctx.obj({ S: 'GoTo', D: [p1.ref, 'Fit'], Next: js('app.alert("chained")') });
  p2.node.set(
    PDFName.of('Annots'),
    ctx.obj([
      ctx.register(ctx.obj({ Type: 'Annot', Subtype: 'Link', Rect: rect(700), A: chained })),
      ctx.register(ctx.obj({ Type: 'Annot', Subtype: 'Link', Rect: rect(650), Dest: [p1.ref, 'Fit'] })),
    ]),
  );
  const catalog = doc.catalog;
  catalog.set(PDFName.of('OpenAction'), js('app.launchURL("https://attacker.example/")'));
  catalog.set(PDFName.of('AA'), ctx.obj({ WC: js('app.alert("closing")') }));
  catalog.set(
    PDFName.of('Names'),
    ctx.obj({
      JavaScript: { Names: [str('init'), js('app.alert("named")')] },
      EmbeddedFiles: { Names: [str('payload.txt'), spec()] },
    }),
  );
  const xfa = ctx.register(ctx.stream('<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"/>'));
  catalog.set(PDFName.of('AcroForm'), ctx.obj({ Fields: [field], XFA: xfa }));
  return save(doc);
}

/** One page whose only link opens `uri`. */
export async function linkPdf(uri: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage(A4);
  const link = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [50, 700, 250, 720],
    A: { S: 'URI', URI: PDFString.of(uri) },
  });
  page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
  return save(doc);
}

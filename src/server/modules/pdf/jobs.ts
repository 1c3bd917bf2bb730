import crypto from 'node:crypto';
import type { PDFImage, PDFPage } from '@libpdf/core';
import type { ActiveContentKind } from '#shared/documents/schemas.ts';
import { scanActiveContent } from './active-content.ts';
import { addCertificatePage, type CertificateInfo } from './certificate-page.ts';
import { isParseError, openPdf } from './open.ts';
import { checkPlacements, type DisplayRect } from './page-geometry.ts';
import { embedRaster, type RasterImage } from './image.ts';
import { appendContent } from './content.ts';
import type { SigningIdentity } from './certificate.ts';
import { KeySigner } from './key-signer.ts';
import { RevisionWriter } from './revision.ts';
import { stampLayout } from '#shared/documents/stamp-layout.ts';
import { ownResources, placementOperators, type StampText } from './stamp.ts';
import { PdfText } from './pdf-text.ts';
import type { Operator } from './text.ts';

/** The work the pool runs. Plain data in and out, so it crosses worker_threads unchanged. */

/** 'too-complex': more objects than the active-content check may visit (it would be half checked). */
export type Refusal = { kind: 'not-pdf' | 'encrypted' | 'damaged' | 'empty' | 'too-complex' };

/** SHA-256 is computed here too: hashing 10 MB would hold the event loop for about 25 ms. */
export type InspectResult =
  { kind: 'ok'; pageCount: number; sha256: string; activeContent: ActiveContentKind[] } | Refusal;

export async function inspect(bytes: Uint8Array): Promise<InspectResult> {
  const opened = await openPdf(bytes, { checkPages: true });
  if (opened.kind !== 'ok') return opened;
  let scan;
  try {
    scan = scanActiveContent(opened.pdf);
  } catch (err) {
    if (isParseError(err)) return { kind: 'damaged' };
    throw err;
  }
  if (!scan.complete) return { kind: 'too-complex' };
  return {
    kind: 'ok',
    pageCount: opened.pdf.getPageCount(),
    sha256: sha256(bytes),
    activeContent: scan.kinds,
  };
}

export interface Placement {
  /** 1-based page number. */
  page: number;
  /** Points of the page as displayed (CropBox after /Rotate), origin top-left, y down. */
  rect: DisplayRect;
  /** Index into SignRequest.images. */
  image: number;
}

export interface SignRequest {
  pdf: Uint8Array;
  /** Known from the upload: not hashed again. */
  originalSha256: string;
  images: RasterImage[];
  placements: Placement[];
  stamp: StampText;
  certificate: Omit<
    CertificateInfo,
    'originalSha256' | 'originalLength' | 'originalIsPrefix' | 'stampedSha256' | 'stampedLength'
  >;
  identity: SigningIdentity;
  signingTime: number;
  reason: string;
  location: string;
}

export type SignResult =
  | {
      kind: 'ok';
      bytes: Uint8Array;
      /** Where each placement's QR code went (inside its placement), in the same coordinates. */
      stamps: DisplayRect[];
      stampedSha256: string;
      stampedLength: number;
      signedSha256: string;
      pageCount: number;
      /** Active content the signed revision no longer references. */
      removed: ActiveContentKind[];
    }
  | { kind: 'no-page'; index: number; pageCount: number }
  | { kind: 'outside'; index: number; width: number; height: number }
  | Refusal;

export const sha256 = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');

const signers = new Map<string, KeySigner>();
function signerFor(identity: SigningIdentity) {
  const key = sha256(Buffer.concat([identity.key, ...identity.certificates]));
  let signer = signers.get(key);
  if (!signer) {
    signer = new KeySigner(identity);
    if (signers.size > 4) signers.clear();
    signers.set(key, signer);
  }
  return signer;
}

/**
 * The signature's /ByteRange must end at the end of the file. It is looked
 * for in the revision signing appended (from `revisionStart`), not in a fixed tail: that revision
 * ends with the xref of everything it wrote, so the dictionary can sit any distance from the end.
 */
export function byteRangeCoversFile(bytes: Uint8Array, revisionStart: number): boolean {
  const revision = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString(
    'latin1',
    revisionStart,
  );
  const all = [...revision.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const last = all.at(-1);
  if (!last) return false;
  const [a, b, c, d] = last.slice(1, 5).map(Number) as [number, number, number, number];
  return a === 0 && b < c && c + d === bytes.length;
}

export type SealOptions = Pick<SignRequest, 'identity' | 'signingTime' | 'reason' | 'location'>;

/**
 * Appends what is pending on `pdf` and a signature over the whole file with the instance identity
 * (PAdES B-B, ETSI.CAdES.detached), in one incremental revision written by `revisions`.
 */
export async function seal(revisions: RevisionWriter, opts: SealOptions): Promise<void> {
  await revisions.sign({
    signer: signerFor(opts.identity),
    signingTime: new Date(opts.signingTime),
    reason: opts.reason,
    location: opts.location,
  });
}

export async function sign(req: SignRequest): Promise<SignResult> {
  try {
    return await signOpened(req);
  } catch (err) {
    if (isParseError(err)) return { kind: 'damaged' };
    throw err;
  }
}

async function signOpened(req: SignRequest): Promise<SignResult> {
  const opened = await openPdf(req.pdf);
  if (opened.kind !== 'ok') return opened;
  const pdf = opened.pdf;
  const pageCount = pdf.getPageCount();

  const placed = checkPlacements(pdf, req.placements);
  if (placed.kind !== 'ok') return placed;
  const geometry = placed.geometry;

  const images = new Map<number, PDFImage>();
  const stampText = new PdfText(pdf);
  const stamps: DisplayRect[] = [];
  const pages = new Map<number, { page: PDFPage; operators: Operator[] }>();
  for (const p of req.placements) {
    let image = images.get(p.image);
    if (!image) {
      image = embedRaster(pdf, req.images[p.image]!);
      images.set(p.image, image);
    }
    let page = pages.get(p.page);
    if (!page) {
      page = { page: pdf.getPage(p.page - 1)!, operators: [] };
      ownResources(pdf, page.page);
      pages.set(p.page, page);
    }
    const g = geometry.get(p.page)!;
    stamps.push(stampLayout(p.rect).qr);
    page.operators.push(...placementOperators(stampText, page.page, g, image, p.rect, req.stamp));
  }
  for (const { page, operators } of pages.values()) appendContent(pdf, page, operators);
  // Dropped in the stamped revision, so every prefix the certificate page vouches for is clean.
  const removed = scanActiveContent(pdf, true);
  if (!removed.complete) return { kind: 'too-complex' };

  stampText.finalize();
  // The file is read once: both revisions are appended to it by us, hashed as they are written.
  const revisions = new RevisionWriter(pdf, req.pdf);
  revisions.commit();
  const stampedSha256 = revisions.sha256();
  const stampedLength = revisions.length;
  const certificateText = new PdfText(pdf);
  addCertificatePage(pdf, certificateText, {
    ...req.certificate,
    originalSha256: req.originalSha256,
    originalLength: req.pdf.length,
    // Every revision is appended after the uploaded bytes, unchanged.
    originalIsPrefix: true,
    stampedSha256,
    stampedLength,
  });
  certificateText.finalize();
  await seal(revisions, req);
  const bytes = revisions.bytes();
  if (!byteRangeCoversFile(bytes, stampedLength))
    throw new Error('the signature does not cover the whole file');
  return {
    kind: 'ok',
    bytes,
    stamps,
    stampedSha256,
    stampedLength,
    signedSha256: revisions.sha256(),
    pageCount: pageCount + 1,
    removed: removed.kinds,
  };
}

import { xmlEscape } from './bytes.ts';

/** What every downloaded file says about itself: where to check it. */
export interface InkproofMetadata {
  reference: string;
  verifyUrl: string;
}

/** Keywords of the PNG text chunks (and labels of the JPEG comment). */
export const META_KEYS = { reference: 'Inkproof-Reference', verifyUrl: 'Inkproof-Verify-URL' } as const;
export const INKPROOF_XMP_NS = 'https://inkproof.org/ns/signature/1.0/';

/**
 * An XMP packet with the reference and verification URL, in our namespace and in Dublin Core
 * (identifier, source), so generic tools such as exiftool show them too.
 */
export function buildXmp(meta: InkproofMetadata): string {
  const ref = xmlEscape(meta.reference);
  const url = xmlEscape(meta.verifyUrl);
  return (
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>' +
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">' +
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description rdf:about=""' +
    ` xmlns:inkproof="${INKPROOF_XMP_NS}"` +
    ' xmlns:dc="http://purl.org/dc/elements/1.1/"' +
    ' xmlns:xmp="http://ns.adobe.com/xap/1.0/"' +
    ` inkproof:Reference="${ref}" inkproof:VerifyURL="${url}"` +
    ` dc:identifier="${ref}" dc:source="${url}" xmp:CreatorTool="Inkproof">` +
    '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="r"?>'
  );
}

const unescapeXml = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (named[e.toLowerCase()]) return named[e.toLowerCase()]!;
    return String.fromCodePoint(
      e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10),
    );
  });

/** Reads our two fields from an XMP packet, as attributes or as elements. */
export function parseXmp(xmp: string): InkproofMetadata | null {
  const field = (name: string) => {
    const attr = new RegExp(`inkproof:${name}\\s*=\\s*(["'])([\\s\\S]*?)\\1`).exec(xmp);
    if (attr) return unescapeXml(attr[2]!);
    const el = new RegExp(`<inkproof:${name}>([\\s\\S]*?)</inkproof:${name}>`).exec(xmp);
    return el ? unescapeXml(el[1]!.trim()) : null;
  };
  const reference = field('Reference');
  const verifyUrl = field('VerifyURL');
  return reference && verifyUrl ? { reference, verifyUrl } : null;
}

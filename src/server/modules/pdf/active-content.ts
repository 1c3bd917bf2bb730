import { PdfArray, PdfDict, PdfRef, PdfString, type PDF, type PdfObject } from '@libpdf/core';
import type { ActiveContentKind } from '#shared/documents/schemas.ts';

/**
 * Objects resolved at most per file. Every object is visited once (by reference), so a 10 MB
 * file without object streams stays far below; compressed object streams can pack millions of
 * annotations, and such a file is refused at upload rather than half checked.
 */
export const MAX_ACTIVE_CONTENT_VISITS = 250_000;
/** /Next chains and form field trees deeper than any real file: such a file counts as unchecked. */
const MAX_DEPTH = 32;

/** Actions that run code, or open something outside the document, by the kind the user is told. */
const actionKinds: Record<string, ActiveContentKind> = {
  JavaScript: 'javascript',
  Launch: 'launch',
  GoToR: 'launch',
  ImportData: 'launch',
  GoToE: 'embedded-files',
  RichMediaExecute: 'rich-media',
  Movie: 'rich-media',
  Sound: 'rich-media',
};
/** Annotations that only play media or carry files: removed whole, they have no other use. */
const annotationKinds: Record<string, ActiveContentKind> = {
  RichMedia: 'rich-media',
  Screen: 'rich-media',
  Movie: 'rich-media',
  Sound: 'rich-media',
  '3D': 'rich-media',
  FileAttachment: 'embedded-files',
};
/**
 * Whether a link target runs script, read as a browser reads a URL: leading control characters
 * and spaces are skipped, tabs and line breaks anywhere are dropped ("java\tscript:" runs too).
 */
function runsScript(uri: string): boolean {
  const s = uri.replace(/[\t\n\r]/g, '');
  let i = 0;
  while (i < s.length && s.charCodeAt(i) <= 0x20) i++;
  return /^(javascript|vbscript):/i.test(s.slice(i));
}

/** `complete` is false when the caps stopped the walk: the file was not fully checked. */
export type ActiveContentScan = { kinds: ActiveContentKind[]; complete: boolean };

/**
 * Finds active content and, with `remove`, drops it: catalog
 * (/OpenAction, /AA, /Names /JavaScript and /EmbeddedFiles, /AcroForm /XFA), form fields' and
 * pages' /AA, and annotations (their /A and /AA, or the whole annotation for media and file
 * attachments). Only dictionaries that change are written by the next incremental save; the
 * objects they pointed at stay in the original bytes, unreferenced.
 */
export function scanActiveContent(pdf: PDF, remove = false): ActiveContentScan {
  const walk = new Walk(pdf, remove);
  walk.catalog(pdf.getCatalog());
  for (const page of pdf.getPages()) walk.page(page.dict);
  return {
    kinds: [...walk.found].sort(),
    complete: !walk.cut && walk.visits <= MAX_ACTIVE_CONTENT_VISITS,
  };
}

class Walk {
  readonly found = new Set<ActiveContentKind>();
  visits = 0;
  cut = false;
  private readonly seen = new Set<string>();
  /** Annotations already judged, by reference: one listed on several pages goes from each. */
  private readonly annotations = new Map<string, ActiveContentKind | null>();

  constructor(
    private readonly pdf: PDF,
    private readonly remove: boolean,
  ) {}

  private readonly resolve = (obj: PdfObject | undefined): PdfObject | undefined => {
    if (!(obj instanceof PdfRef)) return obj;
    this.visits += 1;
    if (this.visits > MAX_ACTIVE_CONTENT_VISITS) return undefined;
    return this.pdf.getObject(obj) ?? undefined;
  };

  /** True the first time an indirect object is met: shared and cyclic structures are walked once. */
  private first(obj: PdfObject | undefined): boolean {
    if (!(obj instanceof PdfRef)) return true;
    const key = `${obj.objectNumber} ${obj.generation}`;
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }

  private dict(obj: PdfObject | undefined): PdfDict | undefined {
    const value = this.resolve(obj);
    return value instanceof PdfDict ? value : undefined;
  }

  catalog(catalog: PdfDict) {
    const open = catalog.get('OpenAction');
    // An /OpenAction array is a destination (which page to show first): harmless.
    if (!(this.resolve(open) instanceof PdfArray)) this.actionEntry(catalog, 'OpenAction');
    this.additionalActions(catalog);
    const names = this.dict(catalog.get('Names'));
    if (names) {
      this.drop(names, 'JavaScript', 'javascript');
      this.drop(names, 'EmbeddedFiles', 'embedded-files');
    }
    // A portfolio's layout over the embedded files: without them it would show an empty list.
    if (this.remove && this.found.has('embedded-files')) catalog.delete('Collection');
    const form = this.dict(catalog.get('AcroForm'));
    if (form) {
      this.drop(form, 'XFA', 'xfa');
      const fields = this.resolve(form.get('Fields'));
      if (fields instanceof PdfArray) this.fields(fields, 0);
    }
  }

  page(page: PdfDict) {
    this.additionalActions(page);
    const entry = page.get('Annots');
    const annots = this.resolve(entry);
    if (!(annots instanceof PdfArray)) return;
    for (let i = annots.length - 1; i >= 0; i--) {
      const kind = this.annotation(annots.at(i));
      if (!kind) continue;
      this.found.add(kind);
      if (this.remove) annots.remove(i);
    }
    // A direct array lives in the page dictionary: the page must be written for the change to count.
    if (this.remove && annots.dirty && !(entry instanceof PdfRef)) page.set('Annots', annots);
  }

  /** The kind that removes the whole annotation, or null once its actions are dealt with. */
  private annotation(ref: PdfObject | undefined): ActiveContentKind | null {
    const key = ref instanceof PdfRef ? `${ref.objectNumber} ${ref.generation}` : undefined;
    if (key && this.annotations.has(key)) return this.annotations.get(key)!;
    if (key) this.seen.add(key);
    const annot = this.dict(ref);
    let kind: ActiveContentKind | null = null;
    if (annot) {
      kind = annotationKinds[annot.getName('Subtype')?.value ?? ''] ?? null;
      if (!kind) {
        this.actionEntry(annot, 'A');
        this.additionalActions(annot);
      }
    }
    if (key) this.annotations.set(key, kind);
    return kind;
  }

  /** Form fields carry keystroke, format, validate and calculate scripts in their /AA. */
  private fields(kids: PdfArray, depth: number) {
    if (depth > MAX_DEPTH) {
      this.cut = true;
      return;
    }
    for (const ref of kids) {
      if (!this.first(ref)) continue;
      const field = this.dict(ref);
      if (!field) continue;
      this.actionEntry(field, 'A');
      this.additionalActions(field);
      const sub = this.resolve(field.get('Kids'));
      if (sub instanceof PdfArray) this.fields(sub, depth + 1);
    }
  }

  private additionalActions(owner: PdfDict) {
    const aa = this.dict(owner.get('AA'));
    if (!aa) return;
    for (const key of [...aa.keys()]) this.actionEntry(aa, key.value);
    if (this.remove && aa.size === 0) owner.delete('AA');
  }

  /** Removes `owner[key]` when its action, or any action chained after it by /Next, is active. */
  private actionEntry(owner: PdfDict, key: string) {
    const action = owner.get(key);
    if (action === undefined) return;
    const kinds = new Set<ActiveContentKind>();
    this.actionChain(action, kinds, 0);
    if (kinds.size === 0) return;
    for (const k of kinds) this.found.add(k);
    if (this.remove) owner.delete(key);
  }

  private actionChain(obj: PdfObject, kinds: Set<ActiveContentKind>, depth: number) {
    if (depth > MAX_DEPTH) {
      this.cut = true;
      return;
    }
    const value = this.resolve(obj);
    if (value instanceof PdfArray) {
      for (const item of value) this.actionChain(item, kinds, depth + 1);
      return;
    }
    if (!(value instanceof PdfDict)) return;
    const type = value.getName('S')?.value ?? '';
    const kind = actionKinds[type];
    if (kind) kinds.add(kind);
    // /JS also appears on Rendition actions; any /JS is script.
    if (value.has('JS')) kinds.add('javascript');
    if (type === 'URI') {
      const uri = this.resolve(value.get('URI'));
      if (uri instanceof PdfString && runsScript(uri.asString())) kinds.add('javascript');
    }
    const next = value.get('Next');
    if (next !== undefined) this.actionChain(next, kinds, depth + 1);
  }

  private drop(owner: PdfDict, key: string, kind: ActiveContentKind) {
    if (!owner.has(key)) return;
    this.found.add(kind);
    if (this.remove) owner.delete(key);
  }
}

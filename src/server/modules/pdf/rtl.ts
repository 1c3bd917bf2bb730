/**
 * Just enough of Unicode's bidirectional algorithm (UAX #9) and Arabic joining to print a line of
 * Hebrew or Arabic inside left-to-right text: PDF text is drawn left to right, glyph by glyph, and
 * @libpdf/core applies no OpenType shaping, so the letters go in visual order and Arabic letters
 * as their contextual presentation forms.
 */

const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]|\ud802[\udc00-\udfff]|\ud83a[\udc00-\udfff]/;
const ARABIC_LETTER = /[\u0600-\u065f\u066a-\u06ef\u06fa-\u08ff\ufb50-\ufdff\ufe70-\ufefc]/;
const MARK = /^\p{M}$/u;

export const hasRtl = (text: string) => RTL.test(text);

type Joining = 'D' | 'R';
/** Presentation forms in Unicode's order: isolated, final, initial, medial. */
const FORMS = new Map<number, { joining: Joining; forms: number[] }>();
{
  // U+0621..U+064A map onto U+FE80.. in order; each letter has 1, 2 or 4 forms.
  const counts = '122224242444442222444444440000004444444224';
  let next = 0xfe80;
  for (let i = 0; i < counts.length; i++) {
    const n = Number(counts[i]);
    if (n === 0) continue;
    const forms = Array.from({ length: n }, (_, k) => next + k);
    next += n;
    if (n > 1) FORMS.set(0x0621 + i, { joining: n === 4 ? 'D' : 'R', forms });
  }
  // Persian and Urdu letters, from Arabic Presentation Forms-A.
  for (const [letter, first, n] of [
    [0x067e, 0xfb56, 4],
    [0x0686, 0xfb7a, 4],
    [0x0698, 0xfb8a, 2],
    [0x06a9, 0xfb8e, 4],
    [0x06af, 0xfb92, 4],
    [0x06cc, 0xfbfc, 4],
  ] as const)
    FORMS.set(letter, {
      joining: n === 4 ? 'D' : 'R',
      forms: Array.from({ length: n }, (_, k) => first + k),
    });
}
const TATWEEL = 0x0640;
const LAM = 0x0644;
/** Lam followed by these alefs becomes one ligature: [isolated, final]. */
const LAM_ALEF = new Map([
  [0x0622, [0xfef5, 0xfef6]],
  [0x0623, [0xfef7, 0xfef8]],
  [0x0625, [0xfef9, 0xfefa]],
  [0x0627, [0xfefb, 0xfefc]],
]);

const joinsForward = (cp: number | undefined) =>
  cp === TATWEEL || (cp !== undefined && FORMS.get(cp)?.joining === 'D');
const joinsBackward = (cp: number | undefined) => cp === TATWEEL || (cp !== undefined && FORMS.has(cp));

/**
 * Arabic letters as the presentation forms their neighbours call for. `has` says which forms the
 * font can draw; a letter whose form it lacks stays as it is.
 */
export function shapeArabic(text: string, has: (codePoint: number) => boolean): string {
  const cps = Array.from(text, (c) => c.codePointAt(0)!);
  const isMark = cps.map((cp) => MARK.test(String.fromCodePoint(cp)));
  const neighbour = (i: number, step: 1 | -1) => {
    for (let j = i + step; j >= 0 && j < cps.length; j += step) if (!isMark[j]) return cps[j];
    return undefined;
  };
  const out: number[] = [];
  for (let i = 0; i < cps.length; i++) {
    const cp = cps[i]!;
    const entry = FORMS.get(cp);
    if (!entry || isMark[i]) {
      out.push(cp);
      continue;
    }
    const prevJoins = joinsForward(neighbour(i, -1));
    const lamAlef = cp === LAM ? LAM_ALEF.get(cps[i + 1] ?? -1) : undefined;
    if (lamAlef && has(lamAlef[prevJoins ? 1 : 0]!)) {
      out.push(lamAlef[prevJoins ? 1 : 0]!);
      i++;
      continue;
    }
    const nextJoins = entry.joining === 'D' && joinsBackward(neighbour(i, 1));
    const form = entry.forms[prevJoins ? (nextJoins ? 3 : 1) : nextJoins ? 2 : 0] ?? entry.forms[0]!;
    out.push(has(form) ? form : cp);
  }
  return String.fromCodePoint(...out);
}

const MIRROR: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
  '«': '»',
  '»': '«',
  '‹': '›',
  '›': '‹',
};

type BidiClass = 'L' | 'R' | 'AL' | 'EN' | 'AN' | 'N';
function bidiClass(ch: string): BidiClass {
  if (/[0-9\u06f0-\u06f9]/.test(ch)) return 'EN';
  if (/[\u0660-\u0669\u066b\u066c]/.test(ch)) return 'AN';
  if (ARABIC_LETTER.test(ch)) return 'AL';
  if (RTL.test(ch)) return 'R';
  return /\p{L}|\p{Nd}|\p{Mc}/u.test(ch) ? 'L' : 'N';
}

/**
 * A line in the order its glyphs are drawn, left to right, for a left-to-right paragraph: runs of
 * right-to-left text are reversed in place, numbers inside them keep their order, marks stay after
 * their letter (a glyph without advance is drawn over the one before it), brackets are mirrored.
 */
export function visualOrder(text: string): string {
  // Clusters: a character with the marks that follow it, kept together when reversed.
  const clusters: string[] = [];
  for (const ch of text) {
    if (clusters.length > 0 && MARK.test(ch)) clusters[clusters.length - 1] += ch;
    else clusters.push(ch);
  }
  const types = clusters.map((c) => bidiClass(String.fromCodePoint(c.codePointAt(0)!)));
  // W2, W3, W4, W7: numbers after Arabic letters are Arabic numbers; AL is R; a comma or point
  // between two digits joins them; European numbers after L (or at the start) are L.
  let strong: BidiClass = 'L';
  types.forEach((t, i) => {
    if (t === 'EN' && strong === 'AL') types[i] = 'AN';
    if (t === 'L' || t === 'R' || t === 'AL') strong = t;
    if (t === 'AL') types[i] = 'R';
  });
  types.forEach((t, i) => {
    const sep = clusters[i] === ',' || clusters[i] === '.' || clusters[i] === '/';
    if (t === 'N' && sep && types[i - 1] === types[i + 1] && /EN|AN/.test(types[i - 1] ?? ''))
      types[i] = types[i - 1]!;
  });
  strong = 'L';
  types.forEach((t, i) => {
    if (t === 'L' || t === 'R') strong = t;
    else if (t === 'EN' && strong === 'L') types[i] = 'L';
  });
  // N1, N2: neutrals between two of the same direction take it (numbers count as R), else L.
  const dir = (t: BidiClass | undefined) => (t === 'L' || t === undefined ? 'L' : t === 'N' ? null : 'R');
  for (let i = 0; i < types.length;) {
    if (types[i] !== 'N') {
      i++;
      continue;
    }
    let j = i;
    while (types[j] === 'N') j++;
    const side = dir(types[i - 1]) === 'R' && dir(types[j]) === 'R' ? 'R' : 'L';
    for (let k = i; k < j; k++) types[k] = side;
    i = j;
  }
  // I1, L2: levels 0 (L), 1 (R), 2 (numbers); reverse every run at or above 2, then at or above 1.
  const levels = types.map((t) => (t === 'L' ? 0 : t === 'R' ? 1 : 2));
  const order = clusters.map((_, i) => i);
  for (const level of [2, 1]) {
    for (let i = 0; i < order.length;) {
      if (levels[order[i]!]! < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < order.length && levels[order[j]!]! >= level) j++;
      order.splice(i, j - i, ...order.slice(i, j).reverse());
      i = j;
    }
  }
  return order
    .map((i) => (levels[i]! % 2 === 1 ? (MIRROR[clusters[i]!] ?? clusters[i]!) : clusters[i]!))
    .join('');
}

/** Signing-screen texts the spec leaves to the browser; its own are in #shared. */
export const signingText = {
  workspaceHint:
    'Pick a saved signature or draw one: it appears in the middle of this page. Drag it to move it, drag its corner to resize it; with the keyboard, use the arrow keys on it or on its corner (Shift for larger steps). The dashed square and lines inside it show where its verification QR code and caption are printed.',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageImage: (page: number, total: number) => `Page ${page} of ${total}, where signatures are placed`,
  loadingPage: 'Loading page…',
  placedLabel: (n: number, page: number) => `Placed signature ${n} on page ${page}`,
  placedPosition: (x: number, y: number, w: number, h: number) =>
    `${w} by ${h} points, ${x} from the left and ${y} from the top`,
  moveLabel: 'Move signature',
  resizeLabel: 'Resize signature',
  removeLabel: (n: number) => `Remove placed signature ${n}`,
  stampTooSmall: (w: number, h: number) => `Too small for the QR code: at least ${w} x ${h} points`,
  placedSummary: (n: number, pages: string) =>
    n === 0 ? 'No signatures placed yet.' : `${n} placed: ${pages}.`,
  pagesList: (counts: Array<[number, number]>) =>
    counts.map(([page, n]) => `page ${page}${n > 1 ? ` (${n})` : ''}`).join(', '),
  padHint: 'Draw with a mouse, pen or finger. The drawing is saved privately to your account.',
  padLabel: 'Signature drawing pad',
  keyboardHint: 'Using a keyboard? Type a signature in the',
  keyboardLink: 'signature creator',
  keyboardHintEnd: 'and save it: it appears under Your saved signatures.',
  newTab: '(opens in a new tab)',
  clear: 'Clear',
  noSaved: 'No saved signatures with an image yet. Draw one above and save it.',
  placeSaved: (name: string, isDefault: boolean, page: number) =>
    `Place ${name || 'signature'}${isDefault ? ' (default)' : ''} on page ${page}`,
  alreadySignedTitle: 'This document is already signed',
  alreadySignedText: 'A signed document cannot be signed again. Open it to download or share the signed PDF.',
  openDocument: 'Open the document',
} as const;

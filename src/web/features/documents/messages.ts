/** Document texts the spec leaves to the browser; the spec's own are in #shared/documents/messages.ts. */
export const documentsText = {
  pageLead: 'Upload PDFs, sign them where they need it, and share a read-only link with anyone.',
  listLabel: 'Your documents',
  tabsLabel: 'Filter documents by status',
  listFailed: 'Could not load your documents',
  searchLabel: 'Search documents',
  searchPlaceholder: 'Search by name',
  sortLabel: 'Sort by',
  actionsFor: (name: string) => `Actions for ${name}`,
  createdOn: (date: string) => `Created ${date}`,
  pages: (n: number) => (n === 1 ? '1 page' : `${n} pages`),
  stopSharing: 'Stop sharing',
  requestSignatures: 'Request signatures',
  requestStatus: 'Signing status',
  saveAsTemplate: 'Save as template',
  savedAsTemplate: 'Template created',
  saveAsTemplateFailed: 'The template was not created',

  // upload
  dropLabel: 'Drag a PDF here or click to browse',
  dropReplace: 'click or drop to choose another file',
  progressIdle: 'Ready to upload',
  progressSending: (n: number) => `Uploading… ${n}%`,
  progressChecking: 'Checking the PDF…',
  uploadConnectionLost:
    'The connection was closed before the upload finished. Check that the file is at most 10MB and try again.',

  activeContentTitle: 'Scripts and embedded content',

  // sharing
  shareCopiedTitle: 'Share link copied',
  shareCopiedText: (until: string) =>
    `Anyone with the link can view and download this document until ${until}. Stop sharing from the document menu.`,
  shareDialogTitle: 'Share link',
  shareDialogText: (until: string) =>
    `Anyone with this link can view and download the document until ${until}. Copy it now: for your safety it is shown only once.`,
  shareLinkLabel: 'Link',
  copy: 'Copy',
  copied: 'Copied to the clipboard.',
  copyFailed: 'Your browser did not allow copying. Select the link and copy it yourself.',
  done: 'Done',
  shareStoppedTitle: 'Sharing stopped',
  shareStopFailed: 'Could not stop sharing',
  sharedUntil: (until: string) => `A share link is live until ${until}.`,

  // detail
  detailsTitle: 'Document details',
  fieldSize: 'Size',
  fieldSharing: 'Sharing',
  fieldSignedAt: 'Signed',
  fieldSigners: 'Signed by',
  fieldReference: 'Reference',
  verifyHint:
    'Each signature on the PDF carries a QR code to this reference; the file also holds a digital signature any PDF reader can check.',
  verifyLink: 'Verify this document',

  // detail without a document: tabs 'all' and 'drafts'
  otherDocuments: 'Your documents',
  otherTabsLabel: 'Show your documents',
  tabDrafts: 'Drafts',
  allListLabel: 'All your documents',
  draftsListLabel: 'Your documents not signed yet',
  emptyAll: 'You have no documents yet. Upload one from the documents page.',
  emptyDrafts: 'No drafts: every one of your documents is signed.',

  // viewer
  viewerLabel: 'PDF viewer',
  viewerToolbar: 'Viewer controls',
  pageRegion: 'Document page',
  pageImage: (page: number, total: number) => `Page ${page} of ${total}`,
  loadingPdf: 'Loading PDF…',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageWord: 'Page',
  zoomOut: 'Zoom out',
  zoomIn: 'Zoom in',
  zoomWord: 'Zoom',
  rotate: 'Rotate 90 degrees',
  downloadPdf: 'Download PDF',
} as const;

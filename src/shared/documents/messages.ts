import type { ActiveContentKind } from './schemas.ts';
import { usageText } from './storage.ts';

/** What each kind of active content is called where the user is told about it. */
export const activeContentLabels: Record<ActiveContentKind, string> = {
  javascript: 'JavaScript',
  launch: 'actions that open other files or programs',
  'embedded-files': 'embedded files',
  xfa: 'an XFA form',
  'rich-media': 'media (video, sound or 3D)',
};

const listOf = (kinds: readonly ActiveContentKind[]) => {
  const labels = kinds.map((k) => activeContentLabels[k]);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
};

/** Every user-visible text of the document features. */
export const documentMessages = {
  // server answers
  nameRequired: 'Document name is required',
  nameTooLong: 'The document name cannot exceed 200 characters',
  fileRequired: 'File is required',
  fileTooLarge: 'File size must be less than 10MB',
  onlyPdf: 'Only PDF files are supported',
  encrypted:
    'This PDF is password-protected (encrypted). Remove the protection in your PDF program and upload it again.',
  damaged: 'This PDF is damaged and cannot be read. Export it again from the program that made it and retry.',
  noPages: 'This PDF has no pages.',
  uploadMalformed: 'Send the upload as multipart/form-data with the fields "name" and "file".',
  notFound: 'Document not found',
  alreadySigned: 'This document is already signed.',
  noSignaturesPlaced: 'Please place at least one signature on the document',
  tooManySignatures: 'At most 50 signatures can be placed on one document.',
  signatureNotYours: 'One of the chosen signatures is not among your saved signatures.',
  signatureRevoked: 'One of the chosen signatures has been revoked and cannot be used.',
  signatureNoImage: 'One of the chosen signatures has no image. Draw or save it with an image first.',
  signatureImageUnreadable: 'One of the chosen signature images could not be read.',
  pageMissing: (page: number, pageCount: number) =>
    `Page ${page} does not exist: the document has ${pageCount} page${pageCount === 1 ? '' : 's'}.`,
  offPage: (page: number, width: number, height: number) =>
    `A signature on page ${page} lies outside the page (the page is ${width} x ${height} points; ` +
    'positions are measured from its top-left corner as displayed).',
  signatureTooSmall: (width: number, height: number) =>
    `A signature box must be at least ${width} x ${height} points: it holds the signature and its ` +
    'verification QR code, which must stay large enough to scan.',
  busy: 'The server is busy signing other documents. Please try again in a minute.',
  signedOk: 'Your document has been signed and saved',
  shareRevoked: 'The share link has been revoked.',
  deleted: 'Your document has been successfully deleted',
  shareNotFound: 'This share link is invalid, expired or has been revoked.',
  hashInvalid: 'Send the SHA-256 of the file as 64 hexadecimal characters.',
  hashNoMatch: 'No signed document matches this file. It may have been changed after signing.',
  referenceInvalid: 'Invalid document reference format. Example: DOC-20250414-ABCD2345',
  referenceNotFound: 'No signed document found with this reference',
  tooManyChecks: 'Too many checks from this network. Please try again later.',
  tooManyUploads: 'Too many uploads in a short time. Please wait a while and try again.',
  overQuota: (usedBytes: number, quotaBytes: number) =>
    `This file does not fit in your storage (${usageText(usedBytes, quotaBytes)}). ` +
    'Delete documents you no longer need, or ask an administrator for more space.',
  diskFull:
    'The server is running out of disk space and cannot take uploads right now. Please try again later.',
  tooComplex:
    'This PDF has too many objects to be checked for scripts and embedded files. ' +
    'Print it to a new PDF and upload that one.',
  activeContentFound: (kinds: readonly ActiveContentKind[]) =>
    `This PDF contains ${listOf(kinds)}. Inkproof never runs them and removes them from the signed ` +
    'version; the original you uploaded stays unchanged.',
  activeContentRemoved: (kinds: readonly ActiveContentKind[]) =>
    `Removed from the signed version: ${listOf(kinds)}. The original you uploaded still contains them.`,

  // browser texts
  uploadTitle: 'Upload Document',
  uploadText: 'Upload a PDF document that you want to sign or share with others.',
  uploadDropHint: 'Supports PDF files up to 10MB',
  uploadButton: 'Upload Document',
  uploadFailed: 'Upload failed',
  uploadFailedFallback: 'Please try again',
  uploadedTitle: 'Document uploaded successfully',
  uploadedText: 'Your document is now ready for signing',
  listEmpty: 'No documents found',
  listEmptyFiltered: 'Try adjusting your filters or search terms',
  listEmptyStart: 'Get started by uploading your first document',
  deleteTitle: 'Are you sure?',
  deleteText: 'This will permanently delete this document. This action cannot be undone.',
  deleteFailed: 'Failed to delete document',
  deletedTitle: 'Document deleted',
  tryLater: 'Please try again later',
  shareFailed: 'Failed to generate share link',
  downloadFailed: 'Download failed',
  viewerDownloadFailed: 'Unable to download the document',
  loadFailed: 'Failed to load document. Please try again.',
  renderFailed: 'Failed to render page. Please try again.',
  signFailed: 'Failed to sign document',
  signedTitle: 'Document signed successfully',
  noSignaturesTitle: 'No signatures placed',
  notSignedYet: 'Not signed yet',
  signOrRequest: 'Sign it yourself, or ask others to sign it: each of them gets a personal link by e-mail.',
  loadingDocument: 'Loading document...',
  documentNotFound: 'Document not found',
  backToDocuments: 'Back to Documents',
  placeSignature: 'Place your signature',
  completeAndSign: 'Complete & Sign',
  signing: 'Signing Document...',
  signaturePanelTitle: 'Create Signature',
  setDefault: 'Set as default signature',
  setDefaultText: 'This signature will be used by default when signing documents',
  savedSignatures: 'Your saved signatures',
  signatureSavedText: 'Your signature has been saved successfully',

  // browser texts of the spec
  pageTitle: 'Documents',
  upload: 'Upload',
  uploadDocument: 'Upload document',
  documentName: 'Document Name',
  tabAll: 'All',
  tabPending: 'Pending',
  tabSigned: 'Signed',
  tabShared: 'Shared',
  sortNewest: 'Newest first',
  sortOldest: 'Oldest first',
  sortName: 'Name',
  statusSigned: 'Signed',
  statusShared: 'Shared',
  statusPending: 'Pending',
  statusAwaiting: 'Awaiting signatures',
  statusCompleted: 'Completed',
  tabAwaiting: 'Awaiting',
  tabCompleted: 'Completed',
  sign: 'Sign',
  signDocument: 'Sign document',
  signDocumentTitle: (name: string) => `Sign document: ${name}`,
  share: 'Share',
  download: 'Download',
  delete: 'Delete',
  cancel: 'Cancel',
  back: 'Back',
  fieldStatus: 'Status',
  fieldCreated: 'Created',
  fieldFileName: 'File Name',
  fieldType: 'Type',
  pageOf: (page: number, total: number) => `Page ${page} of ${total}`,
  viewerError: (message: string) => `Error: ${message}`,
  retry: 'Retry',
  saveSignature: 'Save Signature',
  saving: 'Saving...',
  defaultBadge: 'Default',
  signatureSavedTitle: 'Signature saved',
  signatureSaveFailed: 'Error saving signature',
} as const;

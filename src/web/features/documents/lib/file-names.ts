/** "Contract.pdf" from a document name; names that already end in .pdf keep it once. */
export const pdfFileName = (name: string) => `${name.replace(/\.pdf$/i, '').trim() || 'document'}.pdf`;

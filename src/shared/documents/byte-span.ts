/**
 * The first `length` bytes of a file as every page and verifier names them: numbered from 0, as
 * a PDF's ByteRange counts them, the last one included.
 */
export const leadingBytes = (length: number) => `bytes 0 to ${length - 1}`;

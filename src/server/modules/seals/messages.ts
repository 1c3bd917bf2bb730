/** What the seal and log endpoints answer. */
export const sealApiMessages = {
  notANumber: (name: string) => `${name} must be a whole number (0 or more)`,
  indexOutOfRange: (index: number, size: number) =>
    `index ${index} is not in a tree of ${size} entries (valid: 0 to ${size - 1})`,
  sizeOutOfRange: (size: number, current: number) =>
    `size ${size} is beyond the log, which has ${current} entries`,
  emptyTree: 'A tree of 0 entries has no inclusion proofs',
  consistencyOrder: 'first must be at least 1 and at most second',
  entriesOrder: 'start must be below end',
  startOutOfRange: (start: number, size: number) =>
    `start ${start} is beyond the log, which has ${size} entries`,
  verifierNotBuilt: 'The offline verifier is not built on this server (npm run build builds it)',
  rotated: 'A new signing key is active; the previous one is retired and still verifies what it signed',
} as const;

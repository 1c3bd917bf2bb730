/**
 * Limits of a signature, apart from the schemas so that the browser can use them without loading
 * zod (the creator shows them before anything is validated).
 */
export const SIGNER_NAME_MAX = 100;
export const ADDITIONAL_DATA_MAX = 500;
/** Decoded image bytes a saved signature may carry. */
export const SIGNATURE_IMAGE_MAX_BYTES = 512 * 1024;
export const ANONYMOUS_EXPIRY_MONTHS = 3;

import { z } from 'zod';

/**
 * Pieces every module's answers are built from. Each route declares its answers as zod schemas
 * (`schema.response`) kept in src/shared/<module>/answers.ts: the server serialises through them
 * (a field the schema does not name is dropped, never leaked; a missing one is a 500 in tests,
 * not a silent change), and the web app takes its types from them.
 */

/** `{ message }`: a confirmation, and the body of every error. */
export const messageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswer>;

/** A stored time, as the API sends it: ISO 8601 in UTC. */
export const isoTime = z.string();

/**
 * A body that is not JSON (a PDF, an image, a page): sent as bytes, never serialised, declared
 * so that every route names its answer.
 */
export const fileAnswer = (mediaType: string) =>
  z.unknown().meta({ description: `The file itself (${mediaType})`, mediaType });

/** 204 No Content. */
export const noContent = z.undefined().or(z.null());

/** GET /healthz and /readyz. */
export const healthAnswer = z.object({ status: z.string() });

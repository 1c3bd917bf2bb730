import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_SITE_NAME } from '#shared/site-name.ts';
import { esc } from './render-head.ts';

/** Written by the build (scripts/prerender.mjs): the verification page's first render as HTML. */
export const PRERENDER_FILE = '.vite/prerender.json';
/** The page the build prerenders (decision 036). */
export const PRERENDERED_PATH = '/verify-signature';

export interface PrerenderTable {
  /** Placeholders in the fragments for the admin's site name and the current year. */
  siteNameSlot: string;
  yearSlot: string;
  /** `${'in' | 'out'}-${'idle' | 'target'}-${'default' | 'named'}` → the markup inside #root. */
  variants: Record<string, string>;
}

export function readPrerenderTable(webRoot: string | undefined): PrerenderTable | null {
  const file = webRoot ? path.resolve(webRoot, PRERENDER_FILE) : null;
  if (!file || !fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as PrerenderTable;
}

export interface PrerenderInput {
  search: URLSearchParams;
  signedOut: boolean;
  siteName: string;
  year: number;
}

/**
 * The markup the page's first render would produce for this request: signed out or waiting for
 * the user, "No signature ID found" unless the address names something to check (as
 * use-url-lookup.ts reads it), the admin's site name escaped into the slots.
 */
export function prerenderedRoot(table: PrerenderTable, input: PrerenderInput): string | null {
  const { search } = input;
  // ?reference= is the page's form, sent before its script ran
  const ref = (search.get('ref') || search.get('reference'))?.trim();
  const target = Boolean(ref || search.get('id')?.trim()) || search.has('document');
  const named = input.siteName !== DEFAULT_SITE_NAME;
  const key = `${input.signedOut ? 'out' : 'in'}-${target ? 'target' : 'idle'}-${named ? 'named' : 'default'}`;
  const html = table.variants[key];
  if (html === undefined) return null;
  return html
    .split(table.siteNameSlot)
    .join(esc(input.siteName))
    .split(table.yearSlot)
    .join(String(input.year));
}

import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { STORE_FREE } from '#server/test/store-free.ts';

/**
 * The files the PostgreSQL run leaves out (store-free.ts, vitest.config.ts) must never reach a database: none of
 * the modules they load at run time, followed import by import, may be one that opens one. A type
 * import loads nothing and is not followed.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const OPENS_A_DATABASE = [
  'src/server/db/kysely.ts',
  'src/server/app.ts',
  'src/server/test/test-app.ts',
  'src/server/test/server-process.ts',
];
const ALIASES: Record<string, string> = {
  '#server/': 'src/server/',
  '#shared/': 'src/shared/',
  '#web/': 'src/web/',
};

/** The project's modules a file loads: static and dynamic imports and re-exports, types left out. */
function runtimeImports(file: string): string[] {
  const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm),
    ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...source.matchAll(/new URL\(\s*['"](\.[^'"]+\.ts)['"]\s*,\s*import\.meta\.url/g),
  ].map((m) => m[1]!);
  return specifiers.flatMap((spec) => {
    const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
    if (alias) return [ALIASES[alias] + spec.slice(alias.length)];
    if (spec.startsWith('.'))
      return [path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), spec))];
    return []; // a package or a node: builtin
  });
}

/**
 * The modules that `file` loads at run time, however indirectly, and of each of them the
 * import chain it was first reached by.
 */
function loads(file: string) {
  const seen = new Set<string>();
  const trail = new Map<string, string>();
  const queue = [file];
  while (queue.length > 0) {
    const current = queue.shift()!;
    if (seen.has(current)) continue;
    seen.add(current);
    if (!current.endsWith('.ts') || !fs.existsSync(path.join(ROOT, current))) continue;
    for (const next of runtimeImports(current)) {
      if (!trail.has(next)) trail.set(next, current);
      queue.push(next);
    }
  }
  const chain = (module: string) => {
    const links = [module];
    while (trail.has(links[0]!) && links[0] !== file) links.unshift(trail.get(links[0]!)!);
    return links.join(' -> ');
  };
  return { seen, chain };
}

test.each(STORE_FREE)('%s loads nothing that opens a database', (file) => {
  const { seen, chain } = loads(file);
  expect(OPENS_A_DATABASE.filter((m) => seen.has(m)).map(chain)).toEqual([]);
  expect(seen.size).toBeGreaterThan(1);
});

test('the guard follows imports: a file that builds the app is caught', () => {
  const { seen } = loads('src/server/modules/verification/verification.test.ts');
  expect(OPENS_A_DATABASE.some((m) => seen.has(m))).toBe(true);
});

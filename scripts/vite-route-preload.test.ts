import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeTable } from './vite-route-preload.ts';

/**
 * The shell and the pages marked `noQueries` in routes.tsx render outside the query client's
 * provider (it loads only with the pages that use it). A useQuery there would throw at run time,
 * and importing react-query would put it back into their first load: this walks their imports,
 * static and lazy, and holds them to neither. Two lazy imports are theirs to make: a part loaded
 * with `withQueries` (lib/with-queries.tsx), which renders inside the provider it loads, and the
 * query client itself (lib/query-client.ts), which requests use outside any render.
 */
const QUERY_LIB = '@tanstack/react-query';
const QUERY_CLIENT = '#web/lib/query-client.ts';
const WITH_QUERIES_SRC = 'src/web/lib/with-queries.tsx';

function resolve(spec: string, from: string): string | null {
  if (spec.startsWith('#web/')) return `src/web/${spec.slice(5)}`;
  if (spec.startsWith('#shared/')) return `src/shared/${spec.slice(8)}`;
  if (spec.startsWith('.')) return path.normalize(path.join(path.dirname(from), spec));
  return null;
}

const WITH_QUERIES = /withQueries\(\s*async \(\) =>\s*\(await import\('([^']+)'\)\)/g;

/** Value imports (not `import type`), re-exports and import() of a source file. */
function imports(source: string): Array<{ spec: string; lazy: boolean; provided?: boolean }> {
  const found: Array<{ spec: string; lazy: boolean; provided?: boolean }> = [];
  const provided = new Set([...source.matchAll(WITH_QUERIES)].map((m) => m[1]!));
  const statics = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?'([^']+)'/g;
  for (const m of source.matchAll(statics)) if (!m[1]) found.push({ spec: m[2]!, lazy: false });
  for (const m of source.matchAll(/import\('([^']+)'\)/g))
    found.push({ spec: m[1]!, lazy: true, provided: provided.has(m[1]!) });
  return found;
}

/**
 * Files reachable from `start` that import one of `libs`, each with the chain that reaches it.
 * `lazy: false` follows static imports only: what loads with the file, not what it loads later.
 */
function libraryUsers(
  start: string,
  libs: string[],
  { lazy: followLazy = true, outsideRender = false } = {},
): string[] {
  const via = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  const users: string[] = [];
  const chain = (file: string) => {
    const out = [file];
    for (let at = via.get(file); at; at = via.get(at)) out.push(at);
    return out.reverse().join(' → ');
  };
  while (queue.length) {
    const file = queue.shift()!;
    const source = fs.readFileSync(file, 'utf8');
    for (const { spec, lazy, provided } of imports(source)) {
      if (lazy && !followLazy) continue;
      if (lazy && outsideRender && (provided || spec === QUERY_CLIENT || file === WITH_QUERIES_SRC)) continue;
      if (libs.some((lib) => spec === lib || spec.startsWith(`${lib}/`))) {
        users.push(chain(file));
        continue;
      }
      // The router's own lazy imports are the pages: each is checked on its own below.
      if (lazy && file === 'src/web/routes.tsx') continue;
      const target = resolve(spec, file);
      if (!target || via.has(target) || !fs.existsSync(target)) continue;
      via.set(target, file);
      queue.push(target);
    }
  }
  return users;
}

const queryUsers = (start: string) => libraryUsers(start, [QUERY_LIB], { outsideRender: true });

const routes = routeTable(fs.readFileSync('src/web/routes.tsx', 'utf8'));

describe('the query client stays out of the shell and the bare pages', () => {
  it('finds the routes, some bare and some with the query client', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((r) => !r.queries).map((r) => r.path)).toEqual(
      expect.arrayContaining(['/', '/about', '/terms']),
    );
    expect(routes.find((r) => r.path === '/dashboard')?.queries).toBe(true);
  });

  it('the walk sees react-query where it is used', () => {
    expect(queryUsers('src/web/features/dashboard/pages/dashboard-page.tsx').length).toBeGreaterThan(0);
  });

  it('the shell (entry, layout, header, footer, session watcher, account menu) does not use it', () => {
    expect(queryUsers('src/web/main.tsx')).toEqual([]);
  });

  for (const route of routes.filter((r) => !r.queries)) {
    it(`${route.path} does not use it`, () => {
      expect(queryUsers(route.src)).toEqual([]);
    });
  }
});

/**
 * The verification and sign-in pages check their forms with the shared zod schemas, loaded on the
 * first check (lib/lazy-zod-resolver.ts): zod is a chunk of its own, not part of their first load.
 * A static import of zod, of the resolvers or of a schema module would put it back.
 */
const ZOD_LIBS = ['zod', '@hookform/resolvers'];
const SCHEMA_MODULE = /^src\/shared\/.*schemas\.ts$/;

function zodUsers(start: string): string[] {
  const users = libraryUsers(start, ZOD_LIBS, { lazy: false });
  const seen = new Set<string>([start]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const { spec, lazy } of imports(fs.readFileSync(file, 'utf8'))) {
      const target = lazy ? null : resolve(spec, file);
      if (!target || seen.has(target) || !fs.existsSync(target)) continue;
      if (SCHEMA_MODULE.test(target)) users.push(`${file} → ${target}`);
      seen.add(target);
      queue.push(target);
    }
  }
  return users;
}

describe('zod loads on the first form check of the verification and sign-in pages', () => {
  it('the walk sees zod where a page loads it with its code', () => {
    expect(zodUsers('src/web/features/admin/components/ip/block-ip-form.tsx').length).toBeGreaterThan(0);
  });

  it('the shell does not load it', () => {
    expect(zodUsers('src/web/main.tsx')).toEqual([]);
  });

  for (const path of ['/verify-signature', '/auth']) {
    it(`${path} does not load it with the page`, () => {
      const route = routes.find((r) => r.path === path);
      expect(route).toBeDefined();
      expect(zodUsers(route!.src)).toEqual([]);
    });
  }
});

/**
 * The verification and sign-in pages' forms check and send through a small form hook of their own
 * (lib/lazy-form.ts): react-hook-form and the query hooks load with the signed-in pages, not with
 * these two. Only the lazy import of the query client on submit may reach react-query.
 */
const FORM_LIBS = ['react-hook-form', QUERY_LIB];

describe('the verification and sign-in pages load neither react-hook-form nor the query hooks', () => {
  it('the walk sees them where a page loads them with its code', () => {
    expect(
      libraryUsers('src/web/features/admin/components/ip/block-ip-form.tsx', FORM_LIBS, { lazy: false })
        .length,
    ).toBeGreaterThan(0);
  });

  for (const path of ['/verify-signature', '/auth']) {
    it(`${path} does not load them with the page`, () => {
      const route = routes.find((r) => r.path === path);
      expect(route).toBeDefined();
      expect(libraryUsers(route!.src, FORM_LIBS, { lazy: false })).toEqual([]);
    });
  }
});

import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

export interface RouteEntry {
  path: string;
  /** Source file of the route's lazy page, e.g. src/web/features/home/pages/home-page.tsx. */
  src: string;
  access: string;
  /** The page renders inside the query client's provider (routes.tsx: not marked `noQueries`). */
  queries: boolean;
}

/** Where the build writes, for each public route, the chunks its page needs besides the entry's. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** The lazily loaded query client provider that routes.tsx loads beside every page not marked `noQueries`. */
export const QUERY_PROVIDER_SRC = 'src/web/lib/query-provider.tsx';

/** `page(() => import('#web/…'))` or `page(() => import('#web/…'), noQueries)`, on one line or several. */
const PAGE_CALL = String.raw`page\(\s*\(\) => import\('#web\/([^']+)'\)(?:,\s*(noQueries))?,?\s*\)`;

/** The route table of src/web/routes.tsx, read from its source so that renames follow. */
export function routeTable(routesSource: string): RouteEntry[] {
  const consts = new Map<string, { src: string; queries: boolean }>();
  for (const m of routesSource.matchAll(new RegExp(`const (\\w+) = ${PAGE_CALL}`, 'g'))) {
    consts.set(m[1]!, { src: `src/web/${m[2]!}`, queries: !m[3] });
  }
  const route = new RegExp(`path: '([^']+)',\\s*page: (?:${PAGE_CALL}|(\\w+)),\\s*access: '(\\w+)'`, 'g');
  const routes: RouteEntry[] = [];
  for (const m of routesSource.matchAll(route)) {
    const page = m[2] ? { src: `src/web/${m[2]}`, queries: !m[3] } : consts.get(m[4]!);
    if (page) routes.push({ path: m[1]!, ...page, access: m[5]! });
  }
  return routes;
}

/**
 * Writes ROUTE_PRELOADS_FILE: route path → the JS files of its page chunk and their static imports,
 * minus what the entry loads anyway. The server lists them as modulepreload links in the HTML of
 * that route, so the page's code downloads beside the entry instead of after it has run.
 */
export function routePreloads(routesFile = 'src/web/routes.tsx'): Plugin {
  let root = process.cwd();
  return {
    name: 'inkproof-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, OutputChunk>();
      for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
      const closure = (file: string, seen = new Set<string>()) => {
        if (seen.has(file) || !chunks.has(file)) return seen;
        seen.add(file);
        for (const dep of chunks.get(file)!.imports) closure(dep, seen);
        return seen;
      };
      const entry = [...chunks.values()].find((c) => c.isEntry);
      if (!entry) return this.error('route preloads: the bundle has no entry chunk');
      const initial = closure(entry.fileName);
      const table: Record<string, string[]> = {};
      for (const route of routeTable(fs.readFileSync(path.resolve(root, routesFile), 'utf8'))) {
        if (route.access !== 'public') continue;
        const id = path.resolve(root, route.src);
        const page = [...chunks.values()].find((c) => c.isDynamicEntry && c.facadeModuleId === id);
        if (!page) return this.error(`route preloads: no chunk for ${route.path} (${route.src})`);
        const needed = closure(page.fileName);
        if (route.queries) {
          const providerId = path.resolve(root, QUERY_PROVIDER_SRC);
          const provider = [...chunks.values()].find(
            (c) => c.isDynamicEntry && c.facadeModuleId === providerId,
          );
          if (!provider) return this.error(`route preloads: no chunk for ${QUERY_PROVIDER_SRC}`);
          closure(provider.fileName, needed);
        }
        table[route.path] = [...needed].filter((file) => !initial.has(file));
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(table, null, 2) });
    },
  };
}

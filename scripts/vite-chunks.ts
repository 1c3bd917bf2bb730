import path from 'node:path';

interface ModuleInfo {
  code: string | null;
  isEntry: boolean;
  importers: readonly string[];
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
  dynamicImporters: readonly string[];
}
interface ChunkingContext {
  getModuleInfo(id: string): ModuleInfo | null;
}
interface ChunkGroup {
  name: (id: string, ctx: ChunkingContext) => string | null;
  priority: number;
}

/** Small shared code worth merging: UI primitives, Radix internals, helpers. */
const KIT_MODULES =
  /[\\/]src[\\/](web[\\/](components|lib)|shared)[\\/]|[\\/]node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|aria-hidden|tslib|get-nonce|detect-node-es)[\\/]/;
const KIT_MODULE_MAX = 24_000;
/** A kit smaller than this (bytes of code before minifying) joins a kit of more pages. */
const KIT_MIN = 4_000;
const ICON_INDEX = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const ICON_FILE =
  /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](?!index\.mjs)[\w-]+\.mjs$/;

/** Icon file → the modules importing it by name through the package's index. */
function iconUsers(graph: Map<string, ModuleInfo>): Map<string, string[]> {
  const users = new Map<string, string[]>();
  const index = [...graph.keys()].find((id) => ICON_INDEX.test(id));
  if (!index) return users;
  const fileOf = new Map<string, string>();
  for (const m of (graph.get(index)!.code ?? '').matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g)) {
    const file = path.resolve(path.dirname(index), m[2]!);
    for (const name of m[1]!.matchAll(/default as (\w+)/g)) fileOf.set(name[1]!, file);
  }
  for (const user of graph.get(index)!.importers) {
    const code = graph.get(user)?.code ?? '';
    for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)) {
      for (const spec of m[1]!.split(',')) {
        const file = fileOf.get(spec.trim().split(/\s+as\s+/)[0]!);
        if (file) users.set(file, [...(users.get(file) ?? []), user]);
      }
    }
  }
  return users;
}

/**
 * Code-splitting groups for the public pages. Left to itself the bundler makes a chunk for every
 * set of pages sharing a module, and every icon is a chunk of its own: the creator page needed
 * 34 files, and on a phone (HTTP/1.1, six connections, 150 ms a round trip) requests cost more
 * than bytes. So:
 * - the home page's icons are one chunk;
 * - the small modules (and icons) the other public pages share go to "kits" keyed by the public
 *   page groups using them (`pageGroups`: a letter → page sources), so a page loads only the kits
 *   it needs; a tiny kit joins a kit of more pages. Code the home page uses is left alone.
 * A chunk takes along the modules its code imports, so a module only goes to a kit when what
 * comes along is needed by the same pages, and kits of more pages come first (higher priority).
 */
export function chunkGroups(
  root: string,
  pageGroups: Record<string, string[]>,
  homeSource: string,
): ChunkGroup[] {
  const letterOf = new Map<string, string>();
  for (const [letter, sources] of Object.entries(pageGroups))
    for (const src of sources) letterOf.set(path.resolve(root, src), letter);
  const home = path.resolve(root, homeSource);
  let plan: Map<string, string> | null = null;

  function makePlan(start: string, ctx: ChunkingContext): Map<string, string> {
    const walk = (ids: readonly string[], next: (info: ModuleInfo) => readonly string[]) => {
      const found = new Map<string, ModuleInfo>();
      const stack = [...ids];
      while (stack.length) {
        const id = stack.pop()!;
        if (found.has(id)) continue;
        const info = ctx.getModuleInfo(id);
        if (!info) continue;
        found.set(id, info);
        stack.push(...next(info));
      }
      return found;
    };
    // Up to the entry, then down to every module of the build.
    const entries = [...walk([start], (info) => [...info.importers, ...info.dynamicImporters])]
      .filter(([, info]) => info.isEntry)
      .map(([id]) => id);
    const graph = walk(entries, (info) => [...info.importedIds, ...info.dynamicallyImportedIds]);

    /** Static closure, stopping at `stop`; the icon index is not followed (see iconUsers). */
    const closure = (id: string, stop: (dep: string) => boolean) => {
      const seen = new Set<string>();
      const stack = [id];
      while (stack.length) {
        const current = stack.pop()!;
        if (seen.has(current) || stop(current)) continue;
        seen.add(current);
        if (!ICON_INDEX.test(current)) stack.push(...(graph.get(current)?.importedIds ?? []));
      }
      return seen;
    };
    const initial = new Set<string>();
    for (const [id, info] of graph)
      if (info.isEntry) for (const m of closure(id, () => false)) initial.add(m);

    const pagesOf = new Map<string, Set<string>>();
    const addPage = (id: string, page: string) => pagesOf.set(id, (pagesOf.get(id) ?? new Set()).add(page));
    for (const [page, info] of graph) {
      if (info.dynamicImporters.length === 0) continue;
      for (const id of closure(page, (dep) => initial.has(dep))) addPage(id, page);
    }
    for (const [icon, users] of iconUsers(graph)) {
      if (users.some((user) => initial.has(user))) continue;
      for (const user of users) for (const page of pagesOf.get(user) ?? []) addPage(icon, page);
    }
    const usedByHome = (id: string) => pagesOf.get(id)?.has(home) ?? false;
    const lettersOf = (id: string) =>
      [...new Set([...(pagesOf.get(id) ?? [])].map((page) => letterOf.get(page)).filter(Boolean))]
        .sort()
        .join('');

    const isKitCode = (id: string) => {
      const info = graph.get(id)!;
      if (!KIT_MODULES.test(id) || (info.code?.length ?? 0) > KIT_MODULE_MAX) return false;
      return info.dynamicImporters.length === 0 && !initial.has(id) && lettersOf(id) !== '';
    };
    const keys = new Map<string, string>();
    const result = new Map<string, string>();
    for (const id of graph.keys()) {
      if (initial.has(id)) continue;
      if (ICON_FILE.test(id)) {
        if (usedByHome(id)) result.set(id, 'icons-home');
        else if (lettersOf(id)) keys.set(id, lettersOf(id));
        continue;
      }
      if (!isKitCode(id)) continue;
      const key = lettersOf(id);
      const deps = closure(id, (dep) => initial.has(dep) || ICON_FILE.test(dep));
      const fits = [...deps].every(
        (dep) => !usedByHome(dep) && (lettersOf(dep) === key || (isKitCode(dep) && dep !== id)),
      );
      if (fits) keys.set(id, key);
    }

    const size = new Map<string, number>();
    for (const [id, key] of keys) size.set(key, (size.get(key) ?? 0) + (graph.get(id)!.code?.length ?? 0));
    const merged = new Map<string, string>();
    for (const [key, bytes] of size) {
      if (bytes >= KIT_MIN) continue;
      const supersets = [...size.keys()].filter(
        (other) => other !== key && [...key].every((letter) => other.includes(letter)),
      );
      supersets.sort((a, b) => a.length - b.length || size.get(b)! - size.get(a)!);
      if (supersets[0]) merged.set(key, supersets[0]);
    }
    for (const [id, key] of keys) result.set(id, `kit-${merged.get(key) ?? key}`);
    return result;
  }

  const chunkOf = (id: string, ctx: ChunkingContext) => (plan ??= makePlan(id, ctx)).get(id) ?? null;
  const letters = Object.keys(pageGroups).sort();
  const kits = Array.from({ length: 2 ** letters.length - 1 }, (_, i) =>
    letters.filter((_, bit) => (i + 1) & (1 << bit)).join(''),
  );
  return [
    { name: (id, ctx) => (chunkOf(id, ctx) === 'icons-home' ? 'icons-home' : null), priority: 60 },
    ...kits.map((kit) => ({
      name: (id: string, ctx: ChunkingContext) => (chunkOf(id, ctx) === `kit-${kit}` ? `kit-${kit}` : null),
      priority: kit.length,
    })),
  ];
}

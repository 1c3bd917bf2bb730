import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** How long a hashed asset stays after the last build that produced it (KEEP_OLD_ASSETS_DAYS). */
const DEFAULT_DAYS = 7;
const LEDGER = '.vite/assets-ledger.json';

/** The file an asset's companions (.br, .gz, .map) belong to: they live and go together. */
const assetOf = (file: string) => file.replace(/(\.map)?(\.br|\.gz)?$/, '');

/**
 * Removes hashed assets that no build has produced for `retentionMs`, and records that every file of
 * the current build was produced `now`. The ledger (`<outDir>/.vite/assets-ledger.json`, not served:
 * dot folders are not) maps each asset to the time of the last build that wrote it. An asset found
 * without an entry (a build from before the ledger) counts as produced now, so nothing a user may
 * still have open is removed on the first build.
 */
export function pruneOldAssets(outDir: string, current: Iterable<string>, now: number, retentionMs: number) {
  const ledgerFile = path.join(outDir, LEDGER);
  let ledger: Record<string, number> = {};
  try {
    ledger = JSON.parse(fs.readFileSync(ledgerFile, 'utf8')) as Record<string, number>;
  } catch {
    // first build with the ledger, or a damaged one: keep everything this time
  }
  for (const file of current) ledger[assetOf(file)] = now;
  const assetsDir = path.join(outDir, 'assets');
  const removed: string[] = [];
  const kept: Record<string, number> = {};
  for (const name of fs.existsSync(assetsDir) ? fs.readdirSync(assetsDir) : []) {
    const asset = assetOf(`assets/${name}`);
    const lastBuilt = (ledger[asset] ??= now);
    if (now - lastBuilt > retentionMs) {
      fs.rmSync(path.join(assetsDir, name), { force: true });
      removed.push(`assets/${name}`);
    } else {
      kept[asset] = lastBuilt;
    }
  }
  fs.mkdirSync(path.dirname(ledgerFile), { recursive: true });
  fs.writeFileSync(ledgerFile, `${JSON.stringify(kept, null, 1)}\n`);
  return { removed };
}

/**
 * A deploy must not blank open pages: a page loaded from the previous build fetches its lazy chunks
 * later, by their old hashed names. The build therefore leaves the output folder in place
 * (`emptyOutDir: false`) and this plugin removes only assets no build has produced for a week.
 */
export function keepPreviousAssets(): Plugin {
  let outDir = 'dist/web';
  const written = new Set<string>();
  return {
    name: 'inkproof-keep-previous-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const file of Object.keys(bundle)) written.add(file);
    },
    closeBundle() {
      const days = Number(process.env.KEEP_OLD_ASSETS_DAYS ?? DEFAULT_DAYS);
      const retentionMs = (Number.isFinite(days) && days >= 0 ? days : DEFAULT_DAYS) * 86_400_000;
      const { removed } = pruneOldAssets(outDir, written, Date.now(), retentionMs);
      if (removed.length)
        console.log(`removed ${removed.length} assets no build has produced for ${days} days`);
    },
  };
}

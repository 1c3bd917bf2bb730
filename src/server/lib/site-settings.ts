import type { SiteSettings } from '#shared/admin/answers.ts';
import type { Db } from '../db/kysely.ts';
import type { Clock } from './clock.ts';
import { SettingsStore } from './settings-store.ts';
import type { WarnLog } from './write-in-chunks.ts';

/**
 * The admin's site settings, as GET/PUT /api/admin/settings answers them: `publicUrl` is the origin
 * used in QR codes, e-mails and canonical URLs; `analyticsScriptUrl`, when set, is loaded and the
 * CSP then allows exactly its origin.
 */
export type { SiteSettings };

export const defaultSiteSettings = (publicUrl: string): SiteSettings => ({
  siteName: 'Inkproof',
  publicUrl,
  privacyPolicyUrl: `${publicUrl}/privacy`,
  sisterProducts: [
    { label: 'Inkproof Forms', url: 'https://forms.inkproof.org/' },
    { label: 'Inkproof Stamp', url: 'https://stamp.inkproof.org/' },
  ],
  analyticsScriptUrl: null,
});

const isHttpUrl = (v: unknown): v is string =>
  typeof v === 'string' && URL.canParse(v) && /^https?:$/.test(new URL(v).protocol);

export const createSiteSettingsStore = (db: Db, clock: Clock, envPublicUrl: string, log: WarnLog) =>
  new SettingsStore<SiteSettings>(
    db,
    clock,
    'site',
    () => defaultSiteSettings(envPublicUrl),
    (stored, d) => ({
      siteName: typeof stored.siteName === 'string' && stored.siteName.trim() ? stored.siteName : d.siteName,
      publicUrl: isHttpUrl(stored.publicUrl) ? new URL(stored.publicUrl).origin : d.publicUrl,
      privacyPolicyUrl: isHttpUrl(stored.privacyPolicyUrl) ? stored.privacyPolicyUrl : d.privacyPolicyUrl,
      sisterProducts: Array.isArray(stored.sisterProducts)
        ? (stored.sisterProducts as { label: unknown; url: unknown }[])
            .filter((p) => typeof p?.label === 'string' && isHttpUrl(p.url))
            .map((p) => ({ label: p.label as string, url: p.url as string }))
            .slice(0, 4)
        : d.sisterProducts,
      analyticsScriptUrl:
        isHttpUrl(stored.analyticsScriptUrl) && stored.analyticsScriptUrl.startsWith('https:')
          ? stored.analyticsScriptUrl
          : null,
    }),
    log,
  );

import { sql } from 'kysely';
import type { Db } from '#server/db/kysely.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import {
  reportSeriesNames as seriesNames,
  type Report,
  type ReportSeriesName as SeriesName,
} from '#shared/admin/answers.ts';
import type { CountedEvent } from '#shared/admin/counted-events.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const MAX_REPORT_DAYS = 366;

/** Extra series from features that own their tables (documents): day → count per series. */
export type SeriesSource = (
  from: string,
  toExclusive: string,
) => Promise<Partial<Record<SeriesName, Map<string, number>>>>;

/** Events counted when they happen (decision 031): history stays as it was when rows are deleted. */
const countedSeries: Record<CountedEvent, SeriesName> = {
  signup: 'signups',
  'signature-created': 'signaturesCreated',
  'document-uploaded': 'documentsUploaded',
  'document-signed': 'documentsSigned',
};

const lookupMetric: Record<string, SeriesName> = {
  'lookup:ok': 'lookupsFound',
  'lookup:missing': 'lookupsNotFound',
  'lookup:expired': 'lookupsExpiredOrRevoked',
  'lookup:revoked': 'lookupsExpiredOrRevoked',
  'lookup:captcha': 'lookupsRateLimited',
  'lookup:blocked': 'lookupsRateLimited',
};

export class ReportsService {
  readonly sources: SeriesSource[] = [];

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The range asked for, or the last 30 days; at most 366 days, ending today at the latest. */
  range(from?: string, to?: string): { from: string; to: string } {
    const today = iso(this.clock.now()).slice(0, 10);
    const end = to && to < today ? to : today;
    let start = from ?? iso(Date.parse(`${end}T00:00:00Z`) - 29 * DAY_MS).slice(0, 10);
    const earliest = iso(Date.parse(`${end}T00:00:00Z`) - (MAX_REPORT_DAYS - 1) * DAY_MS).slice(0, 10);
    if (start < earliest) start = earliest;
    return { from: start, to: end };
  }

  async build(fromDay: string, toDay: string): Promise<Report> {
    const days: string[] = [];
    for (let t = Date.parse(`${fromDay}T00:00:00Z`); t <= Date.parse(`${toDay}T00:00:00Z`); t += DAY_MS) {
      days.push(iso(t).slice(0, 10));
    }
    const toExclusive = iso(Date.parse(`${toDay}T00:00:00Z`) + DAY_MS);
    const fromTs = `${fromDay}T00:00:00.000Z`;
    const buckets = Object.fromEntries(seriesNames.map((n) => [n, new Map<string, number>()])) as Record<
      SeriesName,
      Map<string, number>
    >;
    const add = (name: SeriesName, day: string, n: number) =>
      buckets[name].set(day, (buckets[name].get(day) ?? 0) + Number(n));

    const [counted, stats, paths, extra] = await Promise.all([
      this.db
        .selectFrom('event_counts')
        .select(['day', 'event', 'count'])
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .execute(),
      this.db
        .selectFrom('daily_stats')
        .select(['day', 'metric', 'count'])
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .where((eb) => eb.or([eb('metric', 'like', 'lookup:%'), eb('metric', 'like', 'pageview:%')]))
        .execute(),
      this.db
        .selectFrom('daily_stats')
        .select(['metric', sql<number>`sum(count)`.as('views')])
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .where('metric', 'like', 'pageview:%')
        .groupBy('metric')
        .orderBy(sql`sum(count)`, 'desc')
        .limit(20)
        .execute(),
      Promise.all(this.sources.map((s) => s(fromTs, toExclusive))),
    ]);
    for (const r of counted) {
      const name = countedSeries[r.event as CountedEvent];
      if (name) add(name, r.day, r.count);
    }
    for (const r of stats) {
      if (r.metric.startsWith('pageview:')) add('pageViews', r.day, r.count);
      else if (lookupMetric[r.metric]) add(lookupMetric[r.metric]!, r.day, r.count);
    }
    for (const part of extra) {
      for (const [name, map] of Object.entries(part) as [SeriesName, Map<string, number>][]) {
        for (const [day, n] of map) add(name, day, n);
      }
    }
    const series = Object.fromEntries(
      seriesNames.map((n) => [n, days.map((d) => buckets[n].get(d) ?? 0)]),
    ) as Record<SeriesName, number[]>;
    return {
      from: fromDay,
      to: toDay,
      days,
      series,
      topPaths: paths.map((p) => ({ path: p.metric.slice('pageview:'.length), views: Number(p.views) })),
    };
  }

  toCsv(report: Report): string {
    const header = ['day', ...seriesNames].join(',');
    const lines = report.days.map((d, i) => [d, ...seriesNames.map((n) => report.series[n][i])].join(','));
    return `${[header, ...lines].join('\r\n')}\r\n`;
  }
}

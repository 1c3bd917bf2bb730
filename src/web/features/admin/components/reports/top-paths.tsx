import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#web/components/ui/table.tsx';
import type { Report } from '#shared/admin/answers.ts';
import { formatNumber, sum } from '#web/features/admin/lib/format.ts';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.reports;

/** The most viewed paths, each with its share of all page views in the range. */
export function TopPaths({ report }: { report: Report }) {
  const all = sum(report.series.pageViews ?? []);
  return (
    <Table>
      <TableCaption className="sr-only">{t.topPathsCaption}</TableCaption>
      <TableHead>
        <tr>
          <TableHeader>{t.path}</TableHeader>
          <TableHeader className="text-right">{t.views}</TableHeader>
          <TableHeader className="w-1/3">{t.share}</TableHeader>
        </tr>
      </TableHead>
      <TableBody>
        {report.topPaths.length === 0 ? (
          <TableRow>
            <TableCell colSpan={3} className="text-center text-slate-600">
              {t.noViews}
            </TableCell>
          </TableRow>
        ) : (
          report.topPaths.map((p) => {
            const share = all ? Math.round((p.views / all) * 100) : 0;
            return (
              <TableRow key={p.path}>
                <TableCell className="font-mono text-xs break-all">{p.path}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(p.views)}</TableCell>
                <TableCell>
                  <span className="flex items-center gap-2">
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 100 8"
                      preserveAspectRatio="none"
                      className="h-2 w-full max-w-40"
                    >
                      <rect width="100" height="8" rx="4" className="fill-slate-200" />
                      <rect width={Math.max(share, 1)} height="8" rx="4" className="fill-ink-600" />
                    </svg>
                    <span className="w-10 text-right tabular-nums">{share}%</span>
                  </span>
                </TableCell>
              </TableRow>
            );
          })
        )}
      </TableBody>
    </Table>
  );
}

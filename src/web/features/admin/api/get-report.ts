import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '#web/lib/api.ts';
import { adminKeys, fresh } from '#web/features/admin/api/keys.ts';
import type { Report } from '#shared/admin/answers.ts';

export interface ReportRange {
  from?: string;
  to?: string;
}

export const getReport = (range: ReportRange, signal?: AbortSignal) =>
  api.get<Report>('/api/admin/reports', { query: { ...range }, signal });

export const useReport = (range: ReportRange) =>
  useQuery({
    queryKey: [...adminKeys.reports, range],
    queryFn: ({ signal }) => getReport(range, signal),
    placeholderData: keepPreviousData,
    ...fresh,
  });

/** The CSV of the same range; a plain link, so the browser downloads it with the session cookie. */
export const reportExportUrl = (range: ReportRange) => withQuery('/api/admin/reports/export', { ...range });

import { PAGE_VIEW_PATH_MAX } from './analytics.service.ts';

/** What the page-view beacon answers; the browser sends it with sendBeacon and shows none of it. */
export const analyticsMessages = {
  pathTooLong: `The path cannot exceed ${PAGE_VIEW_PATH_MAX} characters`,
  pathNotAbsolute: 'The path must start with /',
  tooManyPageViews: 'Too many page views. Please slow down.',
} as const;

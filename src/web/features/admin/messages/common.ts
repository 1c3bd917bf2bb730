export const commonText = {
  loading: 'Loading…',
  loadFailed: 'This could not be loaded',
  retry: 'Try again',
  refresh: 'Refresh',
  cancel: 'Cancel',
  close: 'Close',
  save: 'Save changes',
  saved: 'Changes saved',
  none: '—',
  never: 'Never',
  anonymous: 'Anonymous',
  visitor: 'Visitor',
  attempted: (email: string) => `${email} (tried)`,
  previous: 'Previous',
  next: 'Next',
  details: 'Details',
  delete: 'Delete',
  actions: 'Actions',
  yes: 'Yes',
  no: 'No',
  noResults: 'Nothing matches these filters.',
  paginationLabel: (what: string) => `Pages of ${what}`,
  showing: (first: string, last: string, total: string) => `Showing ${first}–${last} of ${total}`,
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  sortBy: (label: string) => `, sort by ${label.toLowerCase()}`,
};

export const chartText = {
  showTable: 'Show the numbers as a table',
  tableLabel: (title: string) => `${title}, as a table`,
  period: 'Day',
  totalRow: 'Total',
  total: (n: string) => `Total ${n}`,
  summary: (title: string, total: string, days: number, peak: string | null) =>
    `${title}: ${total} over ${days} ${days === 1 ? 'day' : 'days'}${peak ? `, most on ${peak}` : ''}.`,
};

export const activityColumnsText = {
  when: 'When',
  event: 'Event',
  who: 'Who',
  ip: 'IP address',
  what: 'Details',
};

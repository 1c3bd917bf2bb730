export const activitiesText = {
  title: 'Activity Logs',
  lead: 'Security-relevant events across the product: who, when, from which address, and what.',
  search: 'Search',
  searchPlaceholder: 'E-mail, IP address, event or detail',
  event: 'Event',
  allEvents: 'All events',
  listLabel: 'activity',
  caption: (total: string) => `Activity log (${total} events found)`,
  empty: 'No event matches these filters.',
  userFilter: (id: number) => `Showing the events of user #${id} only.`,
  clearUser: 'Show everyone',
};

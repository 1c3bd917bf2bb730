/**
 * What the reports count as it happens (decision 031), one row per day and event in
 * `event_counts`: deleting a user, signature or document later does not change past days.
 */
export const countedEvents = ['signup', 'signature-created', 'document-uploaded', 'document-signed'] as const;
export type CountedEvent = (typeof countedEvents)[number];

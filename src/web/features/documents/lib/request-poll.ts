/**
 * How often the owner's view asks again while recipients are still at work. Signing happens in
 * other people's browsers, so nothing on this page knows when; a request that is over never changes.
 * React Query pauses the interval while the tab is hidden and refetches when it is focused again.
 */
export const REQUEST_POLL_MS = 15_000;

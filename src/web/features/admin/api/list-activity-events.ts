import { useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { adminKeys } from '#web/features/admin/api/keys.ts';

export const listActivityEvents = (signal?: AbortSignal) =>
  api.get<string[]>('/api/admin/activities/events', { signal });

/** The event names the server logs; they only change with a new release. */
export const useActivityEvents = () =>
  useQuery({ queryKey: adminKeys.activityEvents, queryFn: ({ signal }) => listActivityEvents(signal) });

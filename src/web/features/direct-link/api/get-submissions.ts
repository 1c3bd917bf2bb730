import { useQuery } from '@tanstack/react-query';
import type { SubmissionsResponse } from '#shared/templates/links.ts';
import { submissionsKey } from './keys.ts';

/** GET /api/templates/{id}/link/submissions: newest first. */
export const useSubmissions = (templateId: number, enabled: boolean) =>
  useQuery<SubmissionsResponse>({ queryKey: submissionsKey(templateId), enabled, staleTime: 0 });

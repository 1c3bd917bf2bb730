import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { supportMessageSchema } from '#shared/admin/schemas.ts';
import { api } from '#web/lib/api.ts';

export type SupportMessageInput = z.input<typeof supportMessageSchema>;

/** POST /api/support: stored for the admins; the answer carries the text to show. */
export const sendSupportMessage = (input: SupportMessageInput) =>
  api.post<{ message: string }>('/api/support', input);

export const useSendSupportMessage = () => useMutation({ mutationFn: sendSupportMessage });

import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import type { CheckResult } from '#shared/admin/answers.ts';

/** Asks the SMTP server to accept a connection (no mail is sent). */
export const checkMail = () => api.post<CheckResult>('/api/admin/diagnostics/mail-check');

export const useCheckMail = () => useMutation({ mutationFn: checkMail });

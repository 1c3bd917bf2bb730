import { useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

export const RESET_TEMPLATE_URL = '/api/mail-templates/password-reset';

/** GET the password-reset e-mail exactly as the server sends it (HTML text). */
export const getResetTemplate = () => api.get<string>(RESET_TEMPLATE_URL);

export const useResetTemplate = () => useQuery({ queryKey: [RESET_TEMPLATE_URL], queryFn: getResetTemplate });

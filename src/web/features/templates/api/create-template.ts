import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TemplateResponse } from '#shared/templates/answers.ts';
import { api } from '#web/lib/api.ts';
import { templatesKey } from './keys.ts';

export function createTemplate({ name, file }: { name: string; file: File }) {
  const body = new FormData();
  body.append('name', name);
  body.append('file', file, file.name);
  return api.post<TemplateResponse>('/api/templates', body);
}

/** POST /api/templates (multipart `name`, `file`): a template from an uploaded PDF, no roles yet. */
export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}

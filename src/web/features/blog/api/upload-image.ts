import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

/** POST /api/admin/blog/images (multipart field 'file'): 201 with the stored image's URL; 413/415 say why not. */
export function uploadImage(file: File) {
  const body = new FormData();
  body.append('file', file);
  return api.post<{ url: string }>('/api/admin/blog/images', body);
}

export const useUploadImage = () => useMutation({ mutationFn: uploadImage });

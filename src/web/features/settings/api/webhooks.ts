import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWebhookInput,
  DeliveryPage,
  UpdateWebhookInput,
  WebhookAnswer,
  WebhookWithSecret,
} from '#shared/api/webhooks.ts';
import { api } from '#web/lib/api.ts';

export const webhooksKey = ['/api/webhooks'] as const;
const deliveriesKey = (id: number) => ['/api/webhooks', id, 'deliveries'] as const;

export function useWebhooks() {
  return useQuery({
    queryKey: webhooksKey,
    queryFn: ({ signal }) => api.get<{ items: WebhookAnswer[] }>('/api/webhooks', { signal }),
  });
}

export function useDeliveries(id: number) {
  return useQuery({
    queryKey: deliveriesKey(id),
    queryFn: ({ signal }) => api.get<DeliveryPage>(`/api/webhooks/${id}/deliveries`, { signal }),
  });
}

/** Every change reloads the list (and the endpoint's log), so states shown are the server's. */
function useReloading<A, R>(fn: (a: A) => Promise<R>, endpointOf?: (a: A) => number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_r, a) => {
      void client.invalidateQueries({ queryKey: webhooksKey, exact: true });
      if (endpointOf) void client.invalidateQueries({ queryKey: deliveriesKey(endpointOf(a)) });
    },
  });
}

export const useCreateWebhook = () =>
  useReloading((input: CreateWebhookInput) => api.post<WebhookWithSecret>('/api/webhooks', input));

export const useUpdateWebhook = () =>
  useReloading(({ id, ...input }: UpdateWebhookInput & { id: number }) =>
    api.patch<WebhookAnswer>(`/api/webhooks/${id}`, input),
  );

export const useDeleteWebhook = () =>
  useReloading((id: number) => api.delete<{ message: string }>(`/api/webhooks/${id}`));

export const useRotateSecret = () =>
  useReloading((id: number) => api.post<WebhookWithSecret>(`/api/webhooks/${id}/rotate-secret`));

export const useSendTest = () =>
  useReloading(
    (id: number) => api.post<{ message: string }>(`/api/webhooks/${id}/test`),
    (id) => id,
  );

export const useRedeliver = () =>
  useReloading(
    ({ id, deliveryId }: { id: number; deliveryId: number }) =>
      api.post<{ message: string }>(`/api/webhooks/${id}/deliveries/${deliveryId}/redeliver`),
    ({ id }) => id,
  );

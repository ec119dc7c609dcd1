// Notification calls of the Notifications page (docs/notifications.md "API"): channels, rules, Send test and the
// delivery log; and the users an e-mail channel can name (GET /users, readable with the Users permission only).
import type {
  Channel,
  ChannelInputBody,
  ChannelTestResult,
  Delivery,
  DeliveryStatus,
  Rule,
  RuleInputBody,
  User,
} from '@bpm/protocol';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The delivery log is read again this often while it is on screen: the server sends no live message for it. */
export const deliveryPollMs = 3000;

export const getChannels = () => apiRequest<Channel[]>('/notification-channels');
export const getRules = () => apiRequest<Rule[]>('/notification-rules');
export const getUsers = () => apiRequest<User[]>('/users');
export const getDeliveries = (status: DeliveryStatus | null) =>
  apiRequest<Delivery[]>(`/notifications${status ? `?status=${status}` : ''}`);

export const notificationQueries = {
  all: () => ['notifications'] as const,
  channels: () => queryOptions({ queryKey: [...notificationQueries.all(), 'channels'], queryFn: getChannels }),
  rules: () => queryOptions({ queryKey: [...notificationQueries.all(), 'rules'], queryFn: getRules }),
  deliveries: (status: DeliveryStatus | null) =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'deliveries', status],
      queryFn: () => getDeliveries(status),
      refetchInterval: deliveryPollMs,
    }),
  users: () => queryOptions({ queryKey: ['users', 'list'], queryFn: getUsers, retry: false }),
};

type Saved<T> = { id?: number; body: T };

/** Every change re-reads the channels, the rules and the log (a rule names channels, the log names both). */
function useNotificationMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationQueries.all() }),
  });
}

export const useSaveChannel = () =>
  useNotificationMutation(({ id, body }: Saved<ChannelInputBody>) =>
    id === undefined
      ? apiRequest<Channel>('/notification-channels', { method: 'POST', body })
      : apiRequest<Channel>(`/notification-channels/${id}`, { method: 'PUT', body }),
  );

export const useDeleteChannel = () =>
  useNotificationMutation((id: number) => apiRequest<unknown>(`/notification-channels/${id}`, { method: 'DELETE' }));

export const useTestChannel = () =>
  useNotificationMutation((id: number) => apiRequest<ChannelTestResult>(`/notification-channels/${id}/test`, { method: 'POST' }));

export const useSaveRule = () =>
  useNotificationMutation(({ id, body }: Saved<RuleInputBody>) =>
    id === undefined
      ? apiRequest<Rule>('/notification-rules', { method: 'POST', body })
      : apiRequest<Rule>(`/notification-rules/${id}`, { method: 'PUT', body }),
  );

export const useDeleteRule = () =>
  useNotificationMutation((id: number) => apiRequest<unknown>(`/notification-rules/${id}`, { method: 'DELETE' }));

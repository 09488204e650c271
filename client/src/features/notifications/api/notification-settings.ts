import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pushContract, type NotificationSettings } from '@shared/contract/push';
import { callApi } from '@client/lib/api-client';

export const notificationSettingsQueryKey = (userId: number) =>
  ['users', userId, 'notifications'] as const;
export const devicesQueryKey = ['push', 'devices'] as const;

export const notificationSettingsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: notificationSettingsQueryKey(userId),
    queryFn: () => callApi(pushContract.settings, { params: { id: userId } }),
  });

export const devicesQueryOptions = () =>
  queryOptions({
    queryKey: devicesQueryKey,
    queryFn: () => callApi(pushContract.devices),
  });

export const useNotificationSettings = (userId: number) =>
  useQuery(notificationSettingsQueryOptions(userId));
export const useDevices = () => useQuery(devicesQueryOptions());

export function useUpdateNotificationSettings(userId: number) {
  const queryClient = useQueryClient();
  const mutationKey = [...notificationSettingsQueryKey(userId), 'save'];
  return useMutation({
    mutationKey,
    // Each save sends the whole settings, so two in flight could land in either order:
    // saves run one after another, queued in the query client (a save still waiting when
    // the user leaves Settings is sent all the same).
    scope: { id: mutationKey.join(':') },
    mutationFn: (settings: NotificationSettings) =>
      callApi(pushContract.updateSettings, { params: { id: userId }, body: settings }),
    onMutate: (settings) => {
      const key = notificationSettingsQueryKey(userId);
      const previous = queryClient.getQueryData<NotificationSettings>(key);
      queryClient.setQueryData(key, settings);
      return { previous };
    },
    onError: (_error, _settings, context) =>
      queryClient.setQueryData(notificationSettingsQueryKey(userId), context?.previous),
    // A later save still waiting already shows its choice: don't put an older one back.
    onSuccess: (saved) => {
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      queryClient.setQueryData(notificationSettingsQueryKey(userId), saved);
    },
  });
}

export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: number) =>
      callApi(pushContract.removeDevice, { params: { id: deviceId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pushContract, type NotificationSettings } from '@shared/contract/push';
import { apiRequest, pathFor } from '@client/lib/api-client';

export const notificationSettingsQueryKey = (userId: number) =>
  ['users', userId, 'notifications'] as const;
export const devicesQueryKey = ['push', 'devices'] as const;

export const notificationSettingsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: notificationSettingsQueryKey(userId),
    queryFn: async () => {
      const { method, path, response } = pushContract.settings;
      return response.parse(await apiRequest(method, pathFor(path, { id: userId })));
    },
  });

export const devicesQueryOptions = () =>
  queryOptions({
    queryKey: devicesQueryKey,
    queryFn: async () => {
      const { method, path, response } = pushContract.devices;
      return response.parse(await apiRequest(method, path));
    },
  });

export const useNotificationSettings = (userId: number) =>
  useQuery(notificationSettingsQueryOptions(userId));
export const useDevices = () => useQuery(devicesQueryOptions());

export function useUpdateNotificationSettings(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: NotificationSettings) => {
      const { method, path, response } = pushContract.updateSettings;
      return response.parse(await apiRequest(method, pathFor(path, { id: userId }), settings));
    },
    // The switches move at once; a refusal puts back what the server has.
    onMutate: (settings) => {
      const key = notificationSettingsQueryKey(userId);
      const previous = queryClient.getQueryData<NotificationSettings>(key);
      queryClient.setQueryData(key, settings);
      return { previous };
    },
    onError: (_error, _settings, context) =>
      queryClient.setQueryData(notificationSettingsQueryKey(userId), context?.previous),
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsQueryKey(userId), saved),
  });
}

export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deviceId: number) => {
      const { method, path } = pushContract.removeDevice;
      await apiRequest(method, pathFor(path, { id: deviceId }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
  });
}

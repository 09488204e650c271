import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mailContract, type EmailAddress } from '@shared/contract/mail';
import { callApi } from '@client/lib/api-client';
import { notificationSettingsQueryKey } from './notification-settings';

export const emailAddressQueryKey = (userId: number) => ['users', userId, 'email'] as const;

export const emailAddressQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: emailAddressQueryKey(userId),
    queryFn: () => callApi(mailContract.address, { params: { id: userId } }),
  });

export const useEmailAddress = (userId: number, enabled = true) =>
  useQuery({ ...emailAddressQueryOptions(userId), enabled });

function useEmailMutation<Input>(
  userId: number,
  send: (input: Input) => Promise<EmailAddress | undefined>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (address) => {
      queryClient.setQueryData(emailAddressQueryKey(userId), address ?? null);
      // Verifying creates the settings row.
      void queryClient.invalidateQueries({ queryKey: notificationSettingsQueryKey(userId) });
    },
  });
}

export const useSetEmailAddress = (userId: number) =>
  useEmailMutation(userId, (email: string) =>
    callApi(mailContract.setAddress, { params: { id: userId }, body: { email } }),
  );

export const useVerifyEmail = (userId: number) =>
  useEmailMutation(userId, (code: string) =>
    callApi(mailContract.verify, { params: { id: userId }, body: { code } }),
  );

export const useRemoveEmailAddress = (userId: number) =>
  useEmailMutation(userId, async () => {
    await callApi(mailContract.removeAddress, { params: { id: userId } });
    return undefined;
  });

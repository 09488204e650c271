import { useMutation } from '@tanstack/react-query';
import { mailContract } from '@shared/contract/mail';
import { callApi } from '@client/lib/api-client';

/** No session needed: the token says who and what. */
export const useUnsubscribe = () =>
  useMutation({
    mutationFn: (token: string) => callApi(mailContract.unsubscribe, { query: { token } }),
  });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { propsContract, type GeneratePropsPreview } from '@shared/contract/props';
import { callApi } from '@client/lib/api-client';
import { samplePropsPreviewQueryKey } from '@client/lib/query-keys';

export async function getSamplePropsPreview(groupId: number): Promise<GeneratePropsPreview> {
  return callApi(propsContract.generatePropsPreview, { params: { id: groupId } });
}

/** Read each time the dialog opens: the group's sports may have changed since. */
export function useSamplePropsPreview(groupId: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: samplePropsPreviewQueryKey(groupId),
      queryFn: () => getSamplePropsPreview(groupId),
      enabled,
    }),
  );
}

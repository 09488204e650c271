import { queryOptions, useQuery } from '@tanstack/react-query';
import { invitesContract, type InvitePreview } from '@shared/contract/invites';
import { callApi } from '@client/lib/api-client';

export async function getInvitePreview(code: string): Promise<InvitePreview> {
  return callApi(invitesContract.preview, { params: { code } });
}

/** Keyed by the viewer too: signing in on the join page turns the card into a member's. */
export const invitePreviewQueryOptions = (code: string, viewerId: number | null) =>
  queryOptions({
    queryKey: ['invites', code, viewerId],
    queryFn: () => getInvitePreview(code),
  });

export function useInvitePreview(code: string, viewerId: number | null, enabled: boolean) {
  return useQuery({ ...invitePreviewQueryOptions(code, viewerId), enabled });
}

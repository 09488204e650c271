import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import type { User } from '@shared/contract/auth';
import { normalizeInviteCode } from '@shared/domain/invite-code';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { LoadingState } from '@client/components/ui/loading-state';
import { useUser } from '@client/features/auth/api/current-user';
import { SignInDialog } from '@client/features/auth/components/sign-in-dialog';
import { cacheGroupDetails } from '@client/features/groups/api/group-details';
import { joinGroup, joinToastOf } from '@client/features/groups/api/join-group';
import {
  invitePreviewQueryOptions,
  useInvitePreview,
} from '@client/features/invites/api/invite-preview';
import { InviteCard } from '@client/features/invites/components/invite-card';
import { isApiError } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { BackToHomeButton } from '../layout/back-to-home-button';
import { refreshUserGroups } from '@client/lib/query-keys';

/**
 * `/join/{CODE}`: a member goes straight to the group, a signed-in visitor joins with one
 * tap, a signed-out one signs in or registers in the dialog and is joined right after.
 */
export function JoinRoute() {
  const code = normalizeInviteCode(useParams().code ?? '');
  const user = useUser();
  const preview = useInvitePreview(code, user?.id ?? null, user !== undefined);
  const join = useJoinByLink(code);
  useDocumentTitle(
    preview.data
      ? `Join ${preview.data.name}`
      : preview.isError
        ? 'This invite link does not work'
        : 'Join a group',
  );

  if (user === undefined || preview.isPending || join.landing) {
    return <LoadingState label="Opening the invitation..." screen />;
  }
  if (preview.isError) return <InviteUnavailable error={preview.error} />;
  const invite = preview.data;
  if (invite.isMember && invite.groupId !== null) {
    return <Navigate to={`/group/${invite.groupId}`} replace />;
  }

  return (
    <InviteCard invite={invite}>
      {user ? (
        <Button
          size="lg"
          className="w-full"
          pending={join.pending}
          onClick={() => void join.run(user.id)}
        >
          Join {invite.name}
        </Button>
      ) : (
        <>
          <SignInDialog
            triggerLabel="Sign in to join"
            triggerClassName="w-full"
            description={`Log in, or create a free account, and you will join ${invite.name} right away.`}
            onSignedIn={(signedIn) => void join.afterSignIn(signedIn)}
          />
          <p className="text-sm text-muted-foreground">
            New here? Choose Register in the dialog. It takes a few seconds.
          </p>
        </>
      )}
    </InviteCard>
  );
}

function useJoinByLink(code: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  // Between a successful sign-in or join and the group page: no card flashing in between.
  const [landing, setLanding] = useState(false);

  const run = async (userId: number) => {
    setPending(true);
    try {
      const outcome = await joinGroup({ code });
      const { group } = outcome;
      setLanding(true);
      cacheGroupDetails(queryClient, group);
      void refreshUserGroups(queryClient, userId);
      toast(joinToastOf(outcome));
      await navigate(`/group/${group.id}`, { replace: true });
    } catch (error) {
      setLanding(false);
      toast({
        title: 'Failed to join group',
        description: isApiError(error) ? error.message : String(error),
        variant: 'destructive',
      });
      void queryClient.invalidateQueries({ queryKey: ['invites', code] });
    } finally {
      setPending(false);
    }
  };

  const afterSignIn = async (user: User) => {
    setLanding(true);
    const invite = await queryClient
      .fetchQuery(invitePreviewQueryOptions(code, user.id))
      .catch(() => null);
    if (invite?.isMember && invite.groupId !== null) {
      await navigate(`/group/${invite.groupId}`, { replace: true });
      return;
    }
    if (!invite) {
      setLanding(false);
      return;
    }
    await run(user.id);
  };

  return { run, afterSignIn, pending, landing };
}

function InviteUnavailable({ error }: { error: Error }) {
  const refused = isApiError(error, 404) || isApiError(error, 422) || isApiError(error, 400);
  const title = refused ? 'This invite link does not work' : 'The invitation could not be opened';
  const detail = isApiError(error) ? (error.body?.message ?? error.message) : error.message;
  return (
    <EmptyState
      icon={refused ? LinkIcon : CircleAlert}
      title={title}
      titleAs="h1"
      action={<BackToHomeButton />}
    >
      <p data-testid="invite-refusal">{detail}</p>
      {refused ? (
        <p className="mt-2 text-sm">Ask the group's leader for a new link or the invite code.</p>
      ) : null}
    </EmptyState>
  );
}

import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  conversationContract,
  type Comment,
  type CommentBody,
} from '@shared/contract/conversation';
import type { ReactionName } from '@shared/domain/conversation';
import { callApi } from '@client/lib/api-client';
import {
  conversationSummaryQueryKey,
  propCommentsQueryKey,
  threadQueryKey,
} from '@client/lib/query-keys';

const c = conversationContract;

export const conversationSummaryQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: conversationSummaryQueryKey(groupId),
    queryFn: () => callApi(c.summary, { params: { id: groupId } }),
  });

export const useConversationSummary = (groupId: number) =>
  useQuery(conversationSummaryQueryOptions(groupId));

/** Each card watches its own entry, so new counts on one prop re-render that card only. */
export const usePropSummary = (groupId: number, propId: number) =>
  useQuery({
    ...conversationSummaryQueryOptions(groupId),
    select: (summary) => summary.props.find((entry) => entry.propId === propId),
  });

/** Read when its panel opens; once locked, with who picked what. */
export const propCommentsQueryOptions = (groupId: number, propId: number) =>
  infiniteQueryOptions({
    queryKey: propCommentsQueryKey(groupId, propId),
    queryFn: ({ pageParam }) =>
      callApi(c.propComments, { params: { id: propId }, query: { before: pageParam } }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.hasMore ? page.comments[0]?.id : undefined),
  });

export const usePropComments = (groupId: number, propId: number) =>
  useInfiniteQuery(propCommentsQueryOptions(groupId, propId));

export const threadQueryOptions = (groupId: number) =>
  infiniteQueryOptions({
    queryKey: threadQueryKey(groupId),
    queryFn: ({ pageParam }) =>
      callApi(c.thread, { params: { id: groupId }, query: { before: pageParam } }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.hasMore ? page.comments[0]?.id : undefined),
  });

export const useThread = (groupId: number) => useInfiniteQuery(threadQueryOptions(groupId));

export const oldestFirst = <Item>(pages: readonly { comments: Item[] }[] | undefined) =>
  [...(pages ?? [])].reverse().flatMap((page) => page.comments);

/** propId null: the thread. */
export interface Topic {
  groupId: number;
  propId: number | null;
}

const topicKey = ({ groupId, propId }: Topic) =>
  propId === null ? threadQueryKey(groupId) : propCommentsQueryKey(groupId, propId);

/** The mutation does not wait for the rereads. */
function refreshTopic(queryClient: QueryClient, topic: Topic) {
  void Promise.all([
    queryClient.invalidateQueries({ queryKey: topicKey(topic) }),
    queryClient.invalidateQueries({ queryKey: conversationSummaryQueryKey(topic.groupId) }),
  ]);
}

export function postComment(topic: Topic, body: CommentBody) {
  return topic.propId === null
    ? callApi(c.postToThread, { params: { id: topic.groupId }, body })
    : callApi(c.commentOnProp, { params: { id: topic.propId }, body });
}

export function usePostComment(topic: Topic) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommentBody) => postComment(topic, body),
    onSuccess: () => refreshTopic(queryClient, topic),
  });
}

export function useEditComment(topic: Topic) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CommentBody }) =>
      callApi(c.edit, { params: { id }, body }),
    onSuccess: (edited) => {
      queryClient.setQueryData<InfiniteData<{ comments: Comment[] }>>(topicKey(topic), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                comments: page.comments.map((comment) =>
                  comment.id === edited.id ? edited : comment,
                ),
              })),
            }
          : data,
      );
      refreshTopic(queryClient, topic);
    },
  });
}

export function useRemoveComment(topic: Topic) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(c.remove, { params: { id } }),
    onSuccess: () => refreshTopic(queryClient, topic),
  });
}

export interface ReactionToggle {
  target: 'comment' | 'pick';
  id: number;
  name: ReactionName;
  on: boolean;
}

export function useToggleReaction(topic: Topic) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, id, name, on }: ReactionToggle) => {
      const params = { id, name };
      if (target === 'comment') {
        return callApi(on ? c.reactToComment : c.unreactToComment, { params });
      }
      return callApi(on ? c.reactToPick : c.unreactToPick, { params });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topicKey(topic) }),
  });
}

/** While shown, the conversation is read up to its newest comment (the server keeps the marker). */
export function useMarkRead(topic: Topic, newestId: number | undefined) {
  const queryClient = useQueryClient();
  const { groupId, propId } = topic;
  useEffect(() => {
    if (newestId === undefined) return;
    void callApi(c.markRead, { params: { id: groupId }, body: { propId, upTo: newestId } }).then(
      () => queryClient.invalidateQueries({ queryKey: conversationSummaryQueryKey(groupId) }),
      () => undefined,
    );
  }, [queryClient, groupId, propId, newestId]);
}

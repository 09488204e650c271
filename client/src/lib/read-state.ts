/** The part of TanStack Query's answer a screen shows; the landing's standalone reads give the same. */
export interface ReadState<T> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  data: T | undefined;
  error: Error | null;
  dataUpdatedAt: number;
}

export type Read<T> = ReadState<T> & { refetch: () => unknown };

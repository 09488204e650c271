import { lockStateOf, toDate, type GroupLockSettings, type PropLockInput } from './lock-state';

/** Product rules §4 'Prop sort order on the group page': what the viewer can still act on comes first. */
export const PROP_SORT_GROUPS = ['open_unpicked', 'open_picked', 'locked', 'decided'] as const;
export type PropSortGroup = (typeof PROP_SORT_GROUPS)[number];

export interface SortableProp extends PropLockInput {
  id: number;
  description: string;
}

export function propSortGroupOf(
  prop: PropLockInput,
  hasPick: boolean,
  group: GroupLockSettings,
  now: Date,
): PropSortGroup {
  // A voided prop is settled, not waiting on anyone.
  if (prop.result !== null && prop.result !== undefined) return 'decided';
  if (lockStateOf(prop, group, now).locked) return 'locked';
  return hasPick ? 'open_picked' : 'open_unpicked';
}

export const ALL_SPORTS = 'all';

const baseOf = (text: string) =>
  // eslint-disable-next-line no-control-regex -- ASCII has no accents to take off.
  /^[\x00-\x7f]*$/.test(text)
    ? text.toLowerCase()
    : text
        .normalize('NFD')
        .replace(/\p{Mn}/gu, '')
        .toLowerCase();

/**
 * Case and accents aside ('apple' = 'Äpple' < 'banana'). Not an `Intl.Collator`: building the
 * first one loads the runtime's collation data, blocking the group page's first screen.
 */
export function compareWords(a: string, b: string): number {
  const baseA = baseOf(a);
  const baseB = baseOf(b);
  return baseA < baseB ? -1 : baseA > baseB ? 1 : 0;
}

export type PropView = typeof ALL_SPORTS | (string & {});

/**
 * Within each group, earliest game date first (none last), then by description in the
 * 'all' view only (as the spec says); the id settles the rest so the order never flickers.
 */
export function sortPropsForGroupPage<T extends SortableProp>(
  props: readonly T[],
  options: {
    pickedPropIds: ReadonlySet<number>;
    group: GroupLockSettings;
    now: Date;
    view: PropView;
  },
): T[] {
  const keyed = props.map((prop) => ({
    prop,
    group: PROP_SORT_GROUPS.indexOf(
      propSortGroupOf(prop, options.pickedPropIds.has(prop.id), options.group, options.now),
    ),
    time: toDate(prop.gameDate)?.getTime() ?? Number.POSITIVE_INFINITY,
  }));
  keyed.sort((a, b) => {
    if (a.group !== b.group) return a.group - b.group;
    if (a.time !== b.time) return a.time < b.time ? -1 : 1;
    if (options.view === ALL_SPORTS) {
      const byDescription = compareWords(a.prop.description, b.prop.description);
      if (byDescription !== 0) return byDescription;
    }
    return a.prop.id - b.prop.id;
  });
  return keyed.map((entry) => entry.prop);
}

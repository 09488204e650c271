import { VOID_RESULT } from './group-stats';
import { toDate, type DateLike } from './lock-state';

/** Product rules §2 'Admin panel', §4 'Admin sort': the server sends the list in this order, the client keeps it. */

export interface AdminSortableProp {
  id: number;
  result: string | null | undefined;
  gameDate: DateLike;
}

/** None and 'N/A' (void) still wait on the operator. */
export function hasRealResult(result: string | null | undefined): boolean {
  return result !== null && result !== undefined && result !== '' && result !== VOID_RESULT;
}

/**
 * Without a real result first; within each, earliest game date first (none last), the id
 * settling ties so the list never reorders between renders.
 */
export function sortMasterPropsForAdmin<T extends AdminSortableProp>(props: readonly T[]): T[] {
  const keyed = props.map((prop) => ({
    prop,
    decided: hasRealResult(prop.result) ? 1 : 0,
    time: toDate(prop.gameDate)?.getTime() ?? Number.POSITIVE_INFINITY,
  }));
  keyed.sort((a, b) => {
    if (a.decided !== b.decided) return a.decided - b.decided;
    if (a.time !== b.time) return a.time < b.time ? -1 : 1;
    return a.prop.id - b.prop.id;
  });
  return keyed.map((entry) => entry.prop);
}

export interface MasterPropTally {
  total: number;
  withResults: number;
  voided: number;
  noResult: number;
}

export function tallyMasterProps(props: readonly Pick<AdminSortableProp, 'result'>[]) {
  const tally: MasterPropTally = { total: props.length, withResults: 0, voided: 0, noResult: 0 };
  for (const { result } of props) {
    if (result === VOID_RESULT) tally.voided += 1;
    else if (hasRealResult(result)) tally.withResults += 1;
    else tally.noResult += 1;
  }
  return tally;
}

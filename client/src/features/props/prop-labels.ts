import type { Prop } from '@shared/contract/props';
import { resultLabel, VOID_RESULT } from '@shared/domain/group-stats';
import { lockStateOf, type GroupLockSettings } from '@shared/domain/lock-state';

export function resultLabelOf(prop: Pick<Prop, 'options'>, value: string): string {
  return resultLabel(value, prop.options.find((option) => option.value === value)?.label);
}

/** Product rules §5 'Set result'. */
export function resultChoicesOf(prop: Pick<Prop, 'options'>): { value: string; label: string }[] {
  return [
    ...prop.options.map((option) => ({ value: option.value, label: option.label })),
    { value: VOID_RESULT, label: resultLabelOf(prop, VOID_RESULT) },
  ];
}

/** Members can pick again only if nothing else keeps the prop locked, such as a started game. */
export function resultRemovalEffectOf(
  prop: Pick<Prop, 'gameDate'>,
  group: GroupLockSettings,
  now: Date,
): { confirm: string; toast: string } {
  const after = lockStateOf({ result: null, gameDate: prop.gameDate }, group, now);
  if (!after.locked) {
    return {
      confirm: 'its picks go back to pending and members can pick again',
      toast: 'is open for picks again',
    };
  }
  const why =
    after.reason === 'event_started'
      ? 'its game has started'
      : after.reason === 'locked_at'
        ? "the group's lock time has passed"
        : 'you have locked picks';
  return {
    confirm: `its picks go back to pending. It stays locked because ${why}, so members keep the picks they made and cannot pick again`,
    toast: `stays locked (${why}); its picks are pending again`,
  };
}

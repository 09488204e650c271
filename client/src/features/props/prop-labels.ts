import type { Prop } from '@shared/contract/props';
import { VOID_RESULT } from '@shared/domain/group-stats';

/** How a result or an option value reads: the option's label, or the void marker. */
export function resultLabelOf(prop: Pick<Prop, 'options'>, value: string): string {
  if (value === VOID_RESULT) return 'N/A (void)';
  return prop.options.find((option) => option.value === value)?.label ?? value;
}

/** The leader's result choices (spec §5 'Set result'): the prop's options, then N/A. */
export function resultChoicesOf(prop: Pick<Prop, 'options'>): { value: string; label: string }[] {
  return [
    ...prop.options.map((option) => ({ value: option.value, label: option.label })),
    { value: VOID_RESULT, label: resultLabelOf(prop, VOID_RESULT) },
  ];
}

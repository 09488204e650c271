import type { Prop } from '@shared/contract/props';
import {
  buildCustomPropSchema,
  customPropErrorTitleOf,
  formSportOf,
  type CustomPropSport,
} from '@shared/domain/custom-prop';
import type { PropOption, RawPropOption } from '@shared/domain/prop-options';
import { fromDateTimeLocalValue, toDateTimeLocalValue } from '@client/lib/datetime-local';
import type { CustomPropPayload } from './api/prop-mutations';

export interface OptionRow {
  text: string;
  original: PropOption | null;
}

/** Product rules §2, §5. gameDate is the datetime-local value. */
export interface CustomPropFormValues {
  sport: CustomPropSport;
  customSport: string;
  title: string;
  description: string;
  options: OptionRow[];
  gameDate: string;
}

export type CustomPropField = keyof CustomPropFormValues;

export const newOptionRow = (): OptionRow => ({ text: '', original: null });

export function emptyCustomPropForm(): CustomPropFormValues {
  return {
    sport: 'NFL',
    customSport: '',
    title: '',
    description: '',
    options: [newOptionRow(), newOptionRow()],
    gameDate: '',
  };
}

export function formValuesOf(prop: Prop): CustomPropFormValues {
  return {
    ...formSportOf(prop.sport),
    title: prop.title,
    description: prop.description,
    options: prop.options.map((option) => ({ text: option.label, original: option })),
    gameDate: toDateTimeLocalValue(prop.gameDate),
  };
}

/**
 * An untouched row goes back as it was (a sample prop's 'home' stays, and so do picks on
 * it). A changed row is a new option: the server drops picks on the old one rather than
 * let a pick silently follow different words.
 */
function optionPayloadOf(row: OptionRow): RawPropOption {
  return row.original && row.text === row.original.label ? row.original : row.text;
}

export function payloadOf(values: CustomPropFormValues): CustomPropPayload {
  return {
    sport: values.sport,
    customSport: values.sport === 'Custom' ? values.customSport : '',
    title: values.title,
    description: values.description,
    options: values.options.map(optionPayloadOf),
    gameDate: fromDateTimeLocalValue(values.gameDate) ?? '',
  };
}

export type CustomPropCheck =
  | { ok: true; payload: CustomPropPayload }
  | {
      ok: false;
      toast: { title: string; description: string };
      fieldErrors: Partial<Record<CustomPropField, string>>;
    };

/**
 * Product rules §5 'Custom prop', by the server's schema at `now`. Issues come in the spec's
 * order, so the first one is the toast.
 */
export function checkCustomProp(values: CustomPropFormValues, now: Date): CustomPropCheck {
  const payload = payloadOf(values);
  const parsed = buildCustomPropSchema(() => now).safeParse(payload);
  if (parsed.success) return { ok: true, payload };
  const fieldErrors: Partial<Record<CustomPropField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values) {
      fieldErrors[field as CustomPropField] ??= issue.message;
    }
  }
  const message = parsed.error.issues[0]?.message ?? 'Please check the form';
  return {
    ok: false,
    toast: { title: customPropErrorTitleOf(message), description: message },
    fieldErrors,
  };
}

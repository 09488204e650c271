import type { PropOption } from './prop-options';

/**
 * What a pick was made on (decision 0020): a prop's options and its line. When these
 * change after members picked (over/under 250.5 becomes 280.5, an option is added,
 * renamed or dropped), their picks answer a question that is no longer asked, so they are
 * reset and the members pick again. Edits that leave the bet as it was keep the picks: a
 * reworded title or description with the same numbers, options reordered, new odds (the
 * price, not the line).
 */
export interface PropTerms {
  title: string;
  description: string;
  options: readonly Pick<PropOption, 'value' | 'label'>[];
}

/** The numbers a text states, in order: the line ('250.5', '-3.5', '2+' → '2'). */
export function lineNumbersOf(text: string): string[] {
  return (text.match(/[-+]?\d+(?:[.,]\d+)?/g) ?? []).map((number) =>
    number.replace(',', '.').replace(/^\+/, ''),
  );
}

const optionKeys = (options: PropTerms['options']) =>
  options.map((option) => `${option.value}\u0000${option.label}`).sort();

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/** Did the bet itself change: the options (values or labels, in any order) or the line? */
export function propTermsChanged(before: PropTerms, after: PropTerms): boolean {
  return (
    !sameList(optionKeys(before.options), optionKeys(after.options)) ||
    !sameList(lineNumbersOf(before.title), lineNumbersOf(after.title)) ||
    !sameList(lineNumbersOf(before.description), lineNumbersOf(after.description))
  );
}

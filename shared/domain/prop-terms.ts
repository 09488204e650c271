import type { PropOption } from './prop-options';

/**
 * What a pick was made on. When options or the line change after members picked, their
 * picks answer a question no longer asked, so they are reset; a reworded title, reordered
 * options or new odds keep them.
 */
export interface PropTerms {
  title: string;
  description: string;
  options: readonly Pick<PropOption, 'value' | 'label'>[];
}

/** '250.5', '-3.5', '2+' → '2'. */
export function lineNumbersOf(text: string): string[] {
  return (text.match(/[-+]?\d+(?:[.,]\d+)?/g) ?? []).map((number) =>
    number.replace(',', '.').replace(/^\+/, ''),
  );
}

const optionKeys = (options: PropTerms['options']) =>
  options.map((option) => `${option.value}\u0000${option.label}`).sort();

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

export function propTermsChanged(before: PropTerms, after: PropTerms): boolean {
  return (
    !sameList(optionKeys(before.options), optionKeys(after.options)) ||
    !sameList(lineNumbersOf(before.title), lineNumbersOf(after.title)) ||
    !sameList(lineNumbersOf(before.description), lineNumbersOf(after.description))
  );
}

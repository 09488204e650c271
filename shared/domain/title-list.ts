/** Up to three titles quoted, then how many more: '"A", "B", "C" and 2 more'. */
export function quotedTitles(titles: readonly string[]): string {
  const named = titles.slice(0, 3).map((title) => `"${title}"`);
  const more = titles.length > 3 ? ` and ${titles.length - 3} more` : '';
  return `${named.join(', ')}${more}`;
}

/** 'Ann', 'Ann and Bo', 'Ann, Bo and Cy'. */
export function namesInProse(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

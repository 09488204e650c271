/**
 * A value built the first time it is asked for, then kept. For what is costly to build and
 * not needed by every page that loads the module: an `Intl` formatter or collator built at
 * a module's top level cost the group page's first load about 50 ms of blocking script
 * evaluation (the first `Intl` object loads the runtime's locale data), whether or not the
 * page then formatted anything.
 */
export function builtOnFirstUse<T>(build: () => T): () => T {
  let value: { built: T } | undefined;
  return () => (value ??= { built: build() }).built;
}

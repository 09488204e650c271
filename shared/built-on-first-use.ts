/**
 * A value built the first time it is asked for, then kept: an `Intl` formatter built at a
 * module's top level loads the runtime's locale data on every page that loads the module.
 */
export function builtOnFirstUse<T>(build: () => T): () => T {
  let value: { built: T } | undefined;
  return () => (value ??= { built: build() }).built;
}

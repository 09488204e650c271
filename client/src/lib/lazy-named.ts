import { lazy, type ComponentType } from 'react';

/** `React.lazy` for a named export, for what a screen shows only on demand. */
export function lazyNamed<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy<ComponentType<Props>>(async () => ({ default: (await load())[name] }));
}

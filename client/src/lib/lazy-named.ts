import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` for a module's named export: the module becomes a chunk of its own, loaded
 * the first time the component renders (under a Suspense boundary). For what a screen
 * shows only on demand (a panel's content, a dialog), so the screen's first load does not
 * download, compile and run it.
 */
export function lazyNamed<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy<ComponentType<Props>>(async () => ({ default: (await load())[name] }));
}

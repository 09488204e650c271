import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';

/**
 * The `<button>` itself, its classes used as given (`buttonVariants(…)` with classes that do
 * not conflict with them): what the landing uses, without tailwind-merge (decision 0030).
 */
export function PlainButton({
  pending = false,
  disabled,
  children,
  ...props
}: ComponentProps<'button'> & { pending?: boolean }) {
  return (
    <button disabled={disabled || pending} aria-busy={pending || undefined} {...props}>
      {pending ? (
        <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden />
      ) : null}
      {children}
    </button>
  );
}

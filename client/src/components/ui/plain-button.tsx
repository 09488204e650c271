import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';

/** Classes used as given, without tailwind-merge: what the landing uses. */
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

import { Heart } from 'lucide-react';
import { buttonVariants } from '@client/components/ui/button-variants';

/** Product rules §1: a new tab that gets no handle on this window nor its address. */
export function DonateLink({ href }: { href: string | null }) {
  if (!href) return null;
  return (
    // The heart alone on a phone, still named Donate for screen readers.
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonVariants({ variant: 'onNavy', size: 'iconUntilSm', surface: 'navy' })}
    >
      <Heart aria-hidden />
      <span className="sr-only sm:not-sr-only">Donate</span>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

import { Heart } from 'lucide-react';
import { buttonVariants } from '@client/components/ui/button-variants';

/**
 * The header's Donate button (product rules §1): the external donation page in a new tab, which
 * gets neither a handle on this window nor its address. Nothing when none is configured
 * (`href` null: the app reads it with useDonateUrl, the landing with its own small read).
 */
export function DonateLink({ href }: { href: string | null }) {
  if (!href) return null;
  return (
    // A phone's header has no room for the word next to the user's name: the heart alone
    // there (a 44px target), still named Donate for screen readers and tests.
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

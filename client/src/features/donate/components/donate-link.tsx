import { Heart } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { useDonateUrl } from '../api/public-config';

/**
 * The header's Donate button (product rules §1): the external donation page in a new tab, which
 * gets neither a handle on this window nor its address. Nothing when none is configured.
 */
export function DonateLink({ className }: { className?: string }) {
  const donateUrl = useDonateUrl();
  if (!donateUrl) return null;
  return (
    // A phone's header has no room for the word next to the user's name: the heart alone
    // there (a 44px target), still named Donate for screen readers and tests.
    <Button asChild variant="ghost" className={cn('w-11 px-0 sm:w-auto sm:px-3', className)}>
      <a href={donateUrl} target="_blank" rel="noopener noreferrer">
        <Heart aria-hidden />
        <span className="sr-only sm:not-sr-only">Donate</span>
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </Button>
  );
}

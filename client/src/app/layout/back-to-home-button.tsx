import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';

/** The way out of a dead end (an unknown page, a link that does not work). */
export function BackToHomeButton() {
  return (
    <Button asChild>
      <Link to="/">
        <ArrowLeft aria-hidden />
        Back to Home
      </Link>
    </Button>
  );
}

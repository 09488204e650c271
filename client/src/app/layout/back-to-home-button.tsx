import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';

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

import { Gift, HeartHandshake, Trophy } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { PageHeader } from '@client/components/ui/page-header';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function AboutRoute() {
  useDocumentTitle('About Us');
  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader
        title="About Us"
        description="Make your picks. We'll keep score."
        className="mb-0 sm:mb-2"
      />

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <HeartHandshake className="size-5 text-primary" aria-hidden />
            Our mission
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 text-muted-foreground">
          <p>
            Pick'em gives friends, family and coworkers a simple way to enjoy game day together:
            make your picks on props, watch the results come in, and see who knows their sports
            best.
          </p>
          <p className="flex items-start gap-2">
            <Gift className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
            <span>
              It is <strong className="text-foreground">free</strong> and{' '}
              <strong className="text-foreground">recreational</strong>: there is nothing to pay and
              nothing to wager, just bragging rights.
            </span>
          </p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Trophy className="size-5 text-primary" aria-hidden />
            Official events
          </CardTitle>
        </CardHeader>
        <CardContent className="text-muted-foreground">
          <p>The rules for official events and their prizes will be published here soon.</p>
        </CardContent>
      </Card>
    </div>
  );
}

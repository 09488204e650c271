import { PageHeader } from '@client/components/ui/page-header';
import { MissionStatement } from '@client/features/about/components/mission-statement';
import { OfficialEventRules } from '@client/features/about/components/official-event-rules';
import { useDonateUrl } from '@client/features/donate/api/public-config';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function AboutRoute() {
  useDocumentTitle('About Us');
  const donateUrl = useDonateUrl();
  return (
    <div className="mx-auto grid max-w-3xl gap-10 sm:gap-12">
      <PageHeader
        title="About Us"
        description="Make your picks. We'll keep score."
        className="mb-0"
      />
      <MissionStatement acceptsDonations={donateUrl !== null} />
      <OfficialEventRules />
    </div>
  );
}

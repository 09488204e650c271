import { Download } from 'lucide-react';
import { exportsContract } from '@shared/contract/exports';
import { buttonVariants } from '@client/components/ui/button-variants';
import { urlOf } from '@client/lib/api-client';

/**
 * Product rules §10 'CSV': plain links, so the browser saves the file under the name the
 * server gives it.
 */
export function ExportLinks({ groupId }: { groupId: number }) {
  const params = { id: groupId };
  const link = buttonVariants({ variant: 'outline', className: 'w-full sm:w-auto' });
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <a className={link} href={urlOf(exportsContract.standings, { params })} download>
        <Download aria-hidden />
        Standings (CSV)
      </a>
      <a className={link} href={urlOf(exportsContract.picks, { params })} download>
        <Download aria-hidden />
        Picks of locked props (CSV)
      </a>
    </div>
  );
}

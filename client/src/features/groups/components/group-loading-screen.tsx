import { LoadingState } from '@client/components/ui/loading-state';
import { GroupTitleBlock } from './group-page-header';

/**
 * The group page while its first reads are on their way. With the group's name (the page's
 * HTML painted it: lib/first-paint.ts), the name stays where the page will have it, above
 * the loading line; without, the loading line alone.
 */
export function GroupLoadingScreen({ name }: { name: string | undefined }) {
  const loading = <LoadingState label="Loading group..." screen />;
  if (name === undefined) return loading;
  return (
    <div className="grid gap-6">
      <GroupTitleBlock name={name} />
      {loading}
    </div>
  );
}

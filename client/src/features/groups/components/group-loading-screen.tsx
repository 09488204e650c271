import { LoadingState } from '@client/components/ui/loading-state';
import { GroupTitleBlock } from './group-page-header';

/** With the group's name (the page's HTML painted it), the name stays where the page will have it. */
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

import { RotateCw } from 'lucide-react';
import { memo, Suspense, useMemo, type ReactNode } from 'react';
import type { GroupDetails } from '@shared/contract/groups';
import type { Prop } from '@shared/contract/props';
import { Button } from '@client/components/ui/button';
import { LoadingState } from '@client/components/ui/loading-state';
import { SectionEmpty } from '@client/components/ui/section-card';
import { ALL_SPORTS } from '@shared/domain/prop-order';
import { useGroupProps } from '../api/group-props';
import { groupLockSettingsOf, liveLockStateOf, lockMomentsOf } from '../live-lock';
import { useNow } from '../use-now';
import { lazyNamed } from '@client/lib/lazy-named';
import { PickSheet, PropsSectionFrame } from './pick-sheet-view';
import { PropCard } from './prop-card';
import { PropReveal } from './prop-reveal';

const CustomPropButton = lazyNamed(() => import('./leader-prop-tools'), 'CustomPropButton');
const GenerateSamplePropsButton = lazyNamed(
  () => import('./generate-props-dialog'),
  'GenerateSamplePropsButton',
);

const NO_PROPS: readonly Prop[] = [];

/** One list of every prop: the sheet filters in the page, so switching never waits on the server. */
export function PropsSection({
  group,
  userId,
  cardExtra,
}: {
  group: GroupDetails;
  userId: number;
  cardExtra?: (prop: Prop) => ReactNode;
}) {
  const propsQuery = useGroupProps(group.id, ALL_SPORTS);
  const props = propsQuery.data ?? NO_PROPS;
  const scope = useMemo(() => ({ groupId: group.id, userId }), [group.id, userId]);

  const { lockType, lockValue, isManuallyLocked } = group;
  const lockSettings = useMemo(
    () => groupLockSettingsOf({ lockType, lockValue, isManuallyLocked }),
    [lockType, lockValue, isManuallyLocked],
  );
  const moments = useMemo(() => lockMomentsOf(props, lockSettings), [props, lockSettings]);
  const now = useNow(moments);

  return (
    <PropsSectionFrame>
      {propsQuery.isPending ? (
        <LoadingState label="Loading props..." className="py-8" />
      ) : propsQuery.isError ? (
        <SectionEmpty title="Failed to fetch predictions">
          <p className="wrap-anywhere">{propsQuery.error.message}</p>
          <Button
            type="button"
            variant="outline"
            className="mt-3"
            pending={propsQuery.isFetching}
            onClick={() => void propsQuery.refetch()}
          >
            <RotateCw aria-hidden />
            Try Again
          </Button>
        </SectionEmpty>
      ) : (
        <PickSheet
          props={props}
          group={lockSettings}
          now={now}
          noProps={<NoProps group={group} scope={scope} />}
          spectator={!group.isContestant}
          renderCard={(prop, gameHeadingId) => (
            <SheetCard
              prop={prop}
              group={lockSettings}
              now={now}
              scope={scope}
              gameHeadingId={gameHeadingId}
              groupId={group.id}
              memberCount={group.memberCount}
              extra={cardExtra}
              spectator={!group.isContestant}
            />
          )}
        />
      )}
    </PropsSectionFrame>
  );
}

/**
 * Memoised: a pick replaces only its own prop in the cached list, so the tap re-renders one
 * card, not all 300.
 */
const SheetCard = memo(function SheetCard({
  prop,
  group,
  now,
  scope,
  gameHeadingId,
  groupId,
  memberCount,
  extra,
  spectator,
}: {
  prop: Prop;
  group: ReturnType<typeof groupLockSettingsOf>;
  now: Date;
  scope: { groupId: number; userId: number };
  gameHeadingId: string;
  groupId: number;
  memberCount: number;
  extra: ((prop: Prop) => ReactNode) | undefined;
  spectator: boolean;
}) {
  return (
    <PropCard
      prop={prop}
      group={group}
      now={now}
      scope={scope}
      gameHeadingId={gameHeadingId}
      spectator={spectator}
    >
      <PropReveal
        prop={prop}
        groupId={groupId}
        viewerId={scope.userId}
        memberCount={memberCount}
        locked={liveLockStateOf(prop, group, now).locked}
      />
      {extra?.(prop)}
    </PropCard>
  );
});

interface NoPropsProps {
  group: GroupDetails;
  scope: { groupId: number; userId: number };
}

/** Product rules §8 'No props available yet'. */
function NoProps({ group, scope }: NoPropsProps) {
  if (group.isLeader) {
    return (
      <SectionEmpty title="No props available yet">
        <p>Create a custom prop, or generate prebuilt props from the sport catalogue.</p>
        <div className="mt-3 flex flex-col justify-center gap-2 sm:flex-row">
          <Suspense fallback={<LoadingState className="py-2" />}>
            <CustomPropButton scope={scope} />
            <GenerateSamplePropsButton scope={scope} />
          </Suspense>
        </div>
      </SectionEmpty>
    );
  }
  return (
    <SectionEmpty title="No props available yet">
      {group.allowMemberProps
        ? 'Props show here once your leader adds them, or add your own with the Custom Prop Creator.'
        : 'Props show here for you to pick once your leader adds them.'}
    </SectionEmpty>
  );
}

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PICK_NOT_FOUND, type UserPrediction } from '@shared/contract/props';
import {
  changeConfidence,
  changeLock,
  type PickChange,
  type RoundPick,
  withUpdates,
} from '@shared/domain/confidence-and-lock';
import { lockStateOf } from '@shared/domain/lock-state';
import type { Db } from '../../db/client';
import { picks, props } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { lockPropForWrite } from './prop-access';

export interface PickWeightChange {
  confidence?: number;
  isLock?: boolean;
}

/**
 * Product rules §10 'Confidence and lock': gives the caller's pick a confidence or makes it
 * their lock of the round, by the shared rules, swapping or moving what another of their
 * picks of the round holds. Under the group and prop locks, with the member's picks of the
 * round locked, so two changes of one round never interleave; refusals are 409.
 */
export async function changePickWeight(
  db: Db,
  userId: number,
  propId: number,
  change: PickWeightChange,
  now = new Date(),
): Promise<UserPrediction> {
  return db.transaction(async (tx) => {
    const { prop, group } = await lockPropForWrite(tx, propId, userId, 'share');
    const roundProps = prop.roundId
      ? await tx
          .select({ id: props.id, result: props.result, gameDate: props.gameDate })
          .from(props)
          .where(eq(props.roundId, prop.roundId))
      : [{ id: prop.id, result: prop.result, gameDate: prop.gameDate }];
    const memberPicks = await tx
      .select({ propId: picks.propId, confidence: picks.confidence, isLock: picks.isLock })
      .from(picks)
      .where(
        and(
          eq(picks.userId, userId),
          inArray(
            picks.propId,
            roundProps.map((roundProp) => roundProp.id),
          ),
        ),
      )
      .orderBy(asc(picks.propId))
      .for('update');
    if (!memberPicks.some((pick) => pick.propId === propId)) throw notFound(PICK_NOT_FOUND);
    const lockedProps = new Set(
      roundProps
        .filter((roundProp) => lockStateOf(roundProp, group, now).locked)
        .map((roundProp) => roundProp.id),
    );
    let current: RoundPick[] = memberPicks.map((pick) => ({
      ...pick,
      locked: lockedProps.has(pick.propId),
    }));
    const changes: PickChange[] = [];
    if (change.confidence !== undefined) {
      const decided = changeConfidence({
        mode: group.scoring,
        roundSize: roundProps.length,
        picks: current,
        propId,
        confidence: change.confidence,
      });
      changes.push(decided);
      if (decided.ok) current = withUpdates(current, decided.updates);
    }
    if (change.isLock !== undefined) {
      changes.push(
        changeLock({ mode: group.scoring, picks: current, propId, isLock: change.isLock }),
      );
    }
    for (const decided of changes) {
      if (!decided.ok) throw conflict(decided.message);
      for (const update of decided.updates) {
        const { propId: updatedProp, ...fields } = update;
        await tx
          .update(picks)
          .set({ ...fields, updatedAt: sql`now()` })
          .where(and(eq(picks.userId, userId), eq(picks.propId, updatedProp)));
      }
    }
    const [saved] = await tx
      .select()
      .from(picks)
      .where(and(eq(picks.userId, userId), eq(picks.propId, propId)));
    if (!saved) throw notFound(PICK_NOT_FOUND);
    return {
      id: saved.id,
      userId: saved.userId,
      predictionId: saved.propId,
      groupId: saved.groupId,
      selectedOption: saved.selectedOption,
      isCorrect: null,
      confidence: saved.confidence,
      isLock: saved.isLock,
      createdAt: saved.createdAt.toISOString(),
      updatedAt: saved.updatedAt.toISOString(),
    };
  });
}

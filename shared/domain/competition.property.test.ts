import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changeConfidence,
  changeLock,
  confidenceForNewPick,
  renumberConfidences,
  withUpdates,
  type PickChange,
  type RoundPick,
} from './confidence-and-lock';
import { seasonTotalOf } from './drop-worst';
import { potSummaryOf } from './pot';
import { roundsOfProps } from './rounds';
import { pointsOf, SCORING_MODES, type ScoredPick, type ScoringMode } from './scoring-modes';
import { rankRound, rankSeason, seasonTiebreakerDistance, winnersOf } from './tiebreaker';

/**
 * The competition rules together (product rules §10), on random seasons: members make
 * picks, set confidences and locks in any order while props lock one by one, then results
 * and voids come in. Whatever happens, the rules' promises hold.
 */

const SEASON_START = new Date('2025-09-02T04:00:00.000Z');
const HOUR_MS = 3_600_000;
const SPLIT = [50, 30, 20];

/** A member or a prop, taken modulo how many there are. */
const index = fc.integer({ min: 0, max: 11 });

const operation = fc.oneof(
  fc.record({
    kind: fc.constant('pick' as const),
    member: index,
    prop: index,
    option: fc.constantFrom('A', 'B'),
  }),
  fc.record({
    kind: fc.constant('confidence' as const),
    member: index,
    prop: index,
    confidence: fc.integer({ min: 0, max: 9 }),
  }),
  fc.record({
    kind: fc.constant('lock' as const),
    member: index,
    prop: index,
    isLock: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('close' as const), prop: index }),
);

const season = fc.record({
  mode: fc.constantFrom<ScoringMode>(...SCORING_MODES),
  memberCount: fc.integer({ min: 1, max: 4 }),
  props: fc.array(
    fc.record({
      hoursIn: fc.integer({ min: 0, max: 3 * 7 * 24 }),
      result: fc.constantFrom<string | null>(null, 'A', 'B', 'N/A'),
    }),
    { minLength: 1, maxLength: 10, size: 'max' },
  ),
  operations: fc.array(operation, { minLength: 10, maxLength: 80, size: 'max' }),
  tiebreakerAnswers: fc.array(fc.option(fc.integer({ min: 0, max: 999 })), {
    minLength: 4,
    maxLength: 4,
  }),
  actual: fc.integer({ min: 0, max: 999 }),
  dropWorst: fc.integer({ min: 0, max: 4 }),
});

type Pick = RoundPick & { selectedOption: string };

type Season = typeof season extends fc.Arbitrary<infer T> ? T : never;

function play(input: Season) {
  const props = input.props.map((prop, id) => ({
    id,
    gameDate: new Date(SEASON_START.getTime() + prop.hoursIn * HOUR_MS),
    createdAt: SEASON_START,
    result: prop.result,
  }));
  const rounds = roundsOfProps(SEASON_START, props);
  const roundOfProp = new Map(rounds.flatMap((round) => round.propIds.map((id) => [id, round])));
  const closed = new Set<number>();
  const picks = Array.from({ length: input.memberCount }, () => new Map<number, Pick>());
  /** Each closed prop's picks as they were when it locked. */
  const atLock = new Map<string, Pick>();

  const roundPicksOf = (member: number, propId: number) => {
    const propIds = roundOfProp.get(propId)?.propIds ?? [];
    return propIds.flatMap((id) => {
      const pick = picks[member]?.get(id);
      return pick ? [{ ...pick, locked: closed.has(id) }] : [];
    });
  };
  const applyChange = (member: number, change: PickChange, before: RoundPick[]) => {
    if (!change.ok) return;
    for (const updated of withUpdates(before, change.updates)) {
      const pick = picks[member]?.get(updated.propId);
      if (pick) picks[member]?.set(updated.propId, { ...pick, ...updated });
    }
  };

  for (const step of input.operations) {
    const propId = step.prop % props.length;
    if (step.kind === 'close') {
      closed.add(propId);
      picks.forEach((memberPicks, member) => {
        const pick = memberPicks.get(propId);
        if (pick && !atLock.has(`${member}:${propId}`)) atLock.set(`${member}:${propId}`, pick);
      });
      continue;
    }
    const member = step.member % input.memberCount;
    const roundPicks = roundPicksOf(member, propId);
    if (step.kind === 'pick') {
      if (closed.has(propId)) continue; // the server refuses a pick on a locked prop
      const existing = picks[member]?.get(propId);
      picks[member]?.set(
        propId,
        existing
          ? { ...existing, selectedOption: step.option }
          : {
              propId,
              selectedOption: step.option,
              confidence: confidenceForNewPick(roundPicks),
              isLock: false,
              locked: false,
            },
      );
    } else if (step.kind === 'confidence') {
      const roundSize = roundOfProp.get(propId)?.propCount ?? 0;
      const change = changeConfidence({
        mode: input.mode,
        roundSize,
        picks: roundPicks,
        propId,
        confidence: step.confidence,
      });
      if (input.mode !== 'confidence') expect(change).toMatchObject({ reason: 'wrong_mode' });
      applyChange(member, change, roundPicks);
    } else {
      const change = changeLock({
        mode: input.mode,
        picks: roundPicks,
        propId,
        isLock: step.isLock,
      });
      if (input.mode !== 'lock') expect(change).toMatchObject({ reason: 'wrong_mode' });
      applyChange(member, change, roundPicks);
    }
    checkPickInvariants();
  }

  /** Checked after every step, so plain checks: `expect` costs too much this often. */
  function checkPickInvariants() {
    for (const [member, memberPicks] of picks.entries()) {
      for (const round of rounds) {
        const inRound = round.propIds.flatMap((id) => memberPicks.get(id) ?? []);
        const confidences = inRound.map((pick) => pick.confidence ?? 0);
        // A permutation of a subset of 1..n, and at most one lock.
        const permutation =
          new Set(confidences).size === confidences.length &&
          confidences.every((confidence) => confidence >= 1 && confidence <= round.propCount);
        if (!permutation) {
          throw new Error(
            `${round.label}, ${round.propCount} props: confidences ${confidences.join(', ')}`,
          );
        }
        if (inRound.filter((pick) => pick.isLock).length > 1) {
          throw new Error(`${round.label}: more than one lock`);
        }
      }
      for (const [propId, pick] of memberPicks) {
        const locked = atLock.get(`${member}:${propId}`);
        if (locked && (locked.confidence !== pick.confidence || locked.isLock !== pick.isLock)) {
          throw new Error(`Prop ${propId} changed after it locked: ${JSON.stringify(pick)}`);
        }
      }
    }
  }

  return { props, rounds, picks };
}

describe('the competition rules together', () => {
  it('keep their promises on random seasons', () => {
    fc.assert(
      fc.property(season, (input) => {
        const { props, rounds, picks } = play(input);
        const propsOfRound = (propIds: readonly number[]) =>
          props.filter((prop) => propIds.includes(prop.id));

        const members = picks.map((memberPicks, member) => {
          const scored = memberPicks as ReadonlyMap<number, ScoredPick>;
          const roundPoints = rounds.map((round) =>
            pointsOf(input.mode, propsOfRound(round.propIds), scored),
          );
          // The season is the sum of its rounds.
          expect(pointsOf(input.mode, props, scored)).toBe(
            roundPoints.reduce((sum, points) => sum + points, 0),
          );
          rounds.forEach((round, index) => {
            const points = roundPoints[index] ?? 0;
            const decidedPicks = round.propIds.filter((id) => {
              const result = props[id]?.result;
              return result === 'A' || result === 'B';
            }).length;
            const most = {
              standard: decidedPicks,
              confidence: (round.propCount * (round.propCount + 1)) / 2,
              lock: decidedPicks + 1,
            }[input.mode];
            expect(points).toBeGreaterThanOrEqual(0);
            expect(points).toBeLessThanOrEqual(most);
          });

          const memberRounds = rounds.map((round, index) => ({
            index: round.index,
            points: roundPoints[index] ?? 0,
            complete: round.complete,
          }));
          const total = seasonTotalOf(memberRounds, input.dropWorst);
          // Dropping never adds, and dropping more never gives more.
          expect(total.points).toBeLessThanOrEqual(total.pointsBeforeDrop);
          expect(total.points).toBeGreaterThanOrEqual(0);
          if (input.dropWorst < 4) {
            expect(seasonTotalOf(memberRounds, input.dropWorst + 1).points).toBeLessThanOrEqual(
              total.points,
            );
          }
          expect(total.droppedRoundIndexes.length).toBeLessThan(
            Math.max(1, memberRounds.filter((round) => round.complete).length),
          );
          const answer = input.tiebreakerAnswers[member] ?? null;
          return { userId: member, roundPoints, total, answer };
        });

        // Every complete round has winners, all with the round's best points.
        const roundWinners = rounds.map((round, index) => {
          const ranked = rankRound(
            members.map((member) => ({
              userId: member.userId,
              points: member.roundPoints[index] ?? 0,
              tiebreaker:
                member.answer === null
                  ? null
                  : { value: member.answer, answeredAt: new Date(member.userId) },
            })),
            input.actual,
          );
          const winners = winnersOf(ranked);
          expect(winners.length).toBeGreaterThanOrEqual(1);
          const best = Math.max(...ranked.map((entry) => entry.points));
          for (const winner of winners) expect(winner.points).toBe(best);
          return round.complete ? winners.map((winner) => winner.userId) : [];
        });

        const seasonBoard = rankSeason(
          members.map((member) => ({
            userId: member.userId,
            points: member.total.points,
            roundWins: roundWinners.filter((winners) => winners.includes(member.userId)).length,
            tiebreakerDistance: seasonTiebreakerDistance(
              rounds.map(() => ({ answer: member.answer, actual: input.actual })),
            ),
          })),
        );
        seasonBoard.forEach((entry, index) => {
          expect(entry.position).toBeLessThanOrEqual(index + 1);
          if (index > 0) expect(entry.points).toBeLessThanOrEqual(seasonBoard[index - 1]!.points);
        });

        // The pot pays out exactly what it holds once every place is taken.
        const pot = potSummaryOf({
          entryCents: 2001,
          paidMembers: members.length,
          weeklyPrizeCents: 333,
          roundWinners,
          split: SPLIT,
          ranked: seasonBoard,
        });
        const paidOut = pot.payouts.reduce((sum, payout) => sum + payout.payoutCents, 0);
        expect(pot.weeklyPrizesCents).toBe(
          333 * roundWinners.filter((winners) => winners.length > 0).length,
        );
        if (members.length >= SPLIT.length) expect(paidOut).toBe(pot.seasonPoolCents);
        else expect(paidOut).toBeLessThanOrEqual(pot.seasonPoolCents);
      }),
      { numRuns: 150 },
    );
  });

  it('renumber a changed round into distinct confidences, locked ones kept', () => {
    const changedRound = fc
      .uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 6 })
      .chain((lockedConfidences) =>
        fc.record({
          locked: fc.constant(lockedConfidences),
          open: fc.array(fc.option(fc.integer({ min: 1, max: 12 })), { maxLength: 6 }),
          spare: fc.integer({ min: 0, max: 3 }),
        }),
      );
    fc.assert(
      fc.property(changedRound, ({ locked, open, spare }) => {
        const picks: RoundPick[] = [
          ...locked.map((confidence, index) => ({
            propId: index,
            confidence,
            isLock: false,
            locked: true,
          })),
          ...open.map((confidence, index) => ({
            propId: 100 + index,
            confidence,
            isLock: false,
            locked: false,
          })),
        ];
        const roundSize = picks.length + spare;
        const updates = renumberConfidences(picks, roundSize);
        const after = withUpdates(picks, updates);
        const confidences = after.map((pick) => pick.confidence);
        expect(new Set(confidences).size).toBe(confidences.length);
        for (const pick of after.filter((candidate) => !candidate.locked)) {
          expect(pick.confidence).toBeGreaterThanOrEqual(1);
          expect(pick.confidence).toBeLessThanOrEqual(roundSize);
        }
        expect(updates.every((update) => update.propId >= 100)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

import { connect } from '../../server/src/db/client';
import type { Measurement } from './scenario';
import { BIG_GROUP_ID } from './seed';

/** The reads a member of the big group makes, measured under both scoring modes. */
export const SCORING_SCENARIOS = ['home-cards', 'group', 'props', 'leaderboard', 'stats'];
const ROUNDS = 3;

/** Each scenario's req/s in every round, under each mode (issue 43's 15 % check). */
export interface ScoringComparison {
  scenarios: { name: string; standard: number[]; confidence: number[] }[];
}

/**
 * The 1,000-member group's reads under standard and under confidence scoring, side by side:
 * the group's mode is switched before each measure (its rounds scored again by the
 * triggers, as a leader's switch would), the order swapped each round, and the group is
 * left in confidence scoring, so the standings check after the run covers that mode too.
 */
export async function compareScoring(
  databaseUrl: string,
  measure: (name: string) => Promise<Measurement>,
): Promise<ScoringComparison> {
  const database = connect(databaseUrl, {
    max: 1,
    timeouts: { connectMs: 30_000, statementMs: 600_000 },
  });
  const setMode = (mode: 'standard' | 'confidence') =>
    database.db.$client.query('update groups set scoring = $1 where id = $2', [mode, BIG_GROUP_ID]);
  console.log(`== Confidence scoring against standard: ${ROUNDS} rounds, side by side ==`);
  const results: ScoringComparison['scenarios'] = SCORING_SCENARIOS.map((name) => ({
    name,
    standard: [],
    confidence: [],
  }));
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      const modes =
        round % 2 === 0
          ? (['standard', 'confidence'] as const)
          : (['confidence', 'standard'] as const);
      for (const mode of modes) {
        await setMode(mode);
        for (const result of results) {
          const { reqPerSec = 0 } = await measure(result.name);
          result[mode].push(reqPerSec);
        }
      }
    }
    await setMode('confidence');
  } finally {
    await database.close();
  }
  for (const result of results) {
    console.log(
      `  ${result.name}: ${result.standard.join(' / ')} req/s standard, ${result.confidence.join(' / ')} confidence`,
    );
  }
  return { scenarios: results };
}

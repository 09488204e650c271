// A fixture for client/src/lint-boundaries.test.ts, never imported: the other half of
// cycle-a.ts's cycle.
import { first } from './cycle-a';

export const second = () => first;

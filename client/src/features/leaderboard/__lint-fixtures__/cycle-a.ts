// A fixture for client/src/lint-boundaries.test.ts, never imported: two modules that
// import each other, which the lint rules must refuse.
import { second } from './cycle-b';

export const first = () => second;

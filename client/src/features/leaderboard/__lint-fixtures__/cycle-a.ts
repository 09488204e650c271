// Never imported: a fixture for lint-boundaries.test.ts (an import cycle).
import { second } from './cycle-b';

export const first = () => second;

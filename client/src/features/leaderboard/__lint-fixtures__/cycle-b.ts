// Never imported: the other half of cycle-a.ts's cycle.
import { first } from './cycle-a';

export const second = () => first;

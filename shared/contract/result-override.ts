import { z } from 'zod';

/** Product rules §4 'Game-linked props': a person's result on a linked prop needs a reason. */
export const OVERRIDE_REASON_MAX = 200;
export const REASON_TOO_LONG = `The reason can be at most ${OVERRIDE_REASON_MAX} characters`;
export const REASON_REQUIRED = "Say why you're overriding the feed's result";
export const NOT_LINKED = 'This prop is not linked to a game, so it has no automatic result';

/** Blank reads as none. Whether it is required depends on the prop. */
export const overrideReasonSchema = z
  .string({ error: REASON_TOO_LONG })
  .trim()
  .max(OVERRIDE_REASON_MAX, { error: REASON_TOO_LONG })
  .nullish()
  .transform((value) => (value ? value : null));

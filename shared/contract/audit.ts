import { z } from 'zod';
import { groupIdParamsSchema } from './groups';
import { idSchema } from './ids';

/** Product rules §4 'Audit trail': the leader sees all of it; members everything but pick resets. */

export const AUDIT_KINDS = [
  'result_set',
  'result_changed',
  'result_voided',
  'result_removed',
  'overridden',
  'automatic',
  'pick_reset',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const MEMBER_AUDIT_KINDS = AUDIT_KINDS.filter((kind) => kind !== 'pick_reset');

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  result_set: 'Result set',
  result_changed: 'Result changed',
  result_voided: 'Voided',
  result_removed: 'Result removed',
  overridden: 'Overridden',
  automatic: 'Returned to automatic',
  pick_reset: 'Picks reset',
};

export const AUDIT_PAGE_DEFAULT = 100;
export const AUDIT_LIMIT_MAX = 200;
const limitMessage = `limit must be a whole number from 1 to ${AUDIT_LIMIT_MAX}`;

export const auditQuerySchema = z.object({
  limit: z.coerce
    .number({ error: limitMessage })
    .int({ error: limitMessage })
    .min(1, { error: limitMessage })
    .max(AUDIT_LIMIT_MAX, { error: limitMessage })
    .optional(),
  before: idSchema('before must be the id of an entry of this group').optional(),
});

const valueSchema = z.object({ value: z.string(), label: z.string() }).nullable();

export const auditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  kind: z.enum(AUDIT_KINDS),
  /** null name: the account is gone. */
  actor: z.discriminatedUnion('type', [
    z.object({ type: z.literal('feed') }),
    z.object({ type: z.literal('user'), name: z.string().nullable() }),
  ]),
  /** Kept after the prop is deleted. */
  predictionId: z.number().int().nullable(),
  masterPropId: z.number().int().nullable(),
  title: z.string(),
  from: valueSchema,
  to: valueSchema,
  reason: z.string().nullable(),
  picksReset: z.number().int().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditContract = {
  list: {
    method: 'GET',
    path: '/api/groups/:id/audit',
    params: groupIdParamsSchema,
    querystring: auditQuerySchema,
    response: z.array(auditEntrySchema),
  },
} as const;

import { z } from 'zod';

// A brand's own decision that a unit is suspect, from a code's page in the console
// (docs/verification.md, "The brand's decision"; docs/console.md, "Codes").

/** Why the unit is marked suspect, or why the mark is cleared: required, what the timeline and the audit log keep. */
export const suspectMarkBodySchema = z
  .object({
    reason: z
      .string({ error: 'is required' })
      .trim()
      .min(1, 'is required: say why')
      .max(500, 'must be at most 500 characters'),
  })
  .strict();
export type SuspectMarkBody = z.output<typeof suspectMarkBodySchema>;

/** One mark as the code's timeline shows it: who marked it, when and why; once cleared, who, when and why. */
export const suspectMarkSchema = z
  .object({
    id: z.string(),
    reason: z.string(),
    markedBy: z.string(),
    markedAt: z.iso.datetime(),
    clearReason: z.string(),
    clearedBy: z.string(),
    clearedAt: z.string(),
  })
  .strict();
export type SuspectMark = z.infer<typeof suspectMarkSchema>;

/** The answer of marking or clearing: whether a mark is now in force, the mark concerned, and the red flag it opened, joined or closed. */
export const suspectMarkActionSchema = z
  .object({
    qrId: z.string(),
    marked: z.boolean(),
    /** False when the unit was already in the state asked (nothing written, no audit entry). */
    changed: z.boolean(),
    mark: suspectMarkSchema.nullable(),
    redFlag: z.object({ id: z.string(), status: z.string(), rules: z.array(z.string()) }).strict().nullable(),
  })
  .strict();
export type SuspectMarkAction = z.infer<typeof suspectMarkActionSchema>;

import { z } from 'zod';
import { rewardGrantSchema } from './rewards';

// Scan journeys: the steps a brand attaches to a product (operator `set-journey`, from a JSON
// file) and GET/POST /api/customer/my-products/{unitId}/journey[/steps/{stepId}].

const title = z.string().trim().min(1, 'is required').max(120);

export const infoStepSchema = z.object({ type: z.literal('INFO'), title, config: z.object({ body: z.string().trim().min(1).max(2000) }).strict() }).strict();
export const decisionStepSchema = z
  .object({
    type: z.literal('DECISION'),
    title,
    config: z
      .object({
        question: z.string().trim().min(1).max(300),
        options: z.array(z.string().trim().min(1).max(80)).min(2, 'needs at least 2 options').max(6, 'at most 6 options'),
      })
      .strict()
      .refine((c) => new Set(c.options).size === c.options.length, { message: 'options must differ', path: ['options'] }),
  })
  .strict();
export const inputStepSchema = z
  .object({
    type: z.literal('INPUT'),
    title,
    config: z
      .object({
        label: z.string().trim().min(1).max(120),
        placeholder: z.string().trim().max(120).default(''),
        maxLength: z.number().int().min(1).max(200).default(100),
      })
      .strict(),
  })
  .strict();
export const rewardStepSchema = z.object({ type: z.literal('REWARD'), title, config: z.object({ rewardId: z.string().min(1).max(64) }).strict() }).strict();

export const journeyStepDefSchema = z.discriminatedUnion('type', [infoStepSchema, decisionStepSchema, inputStepSchema, rewardStepSchema]);
export type JourneyStepDef = z.output<typeof journeyStepDefSchema>;

/** The JSON file of `set-journey`: the steps in order. */
export const journeyDefSchema = z
  .object({ steps: z.array(journeyStepDefSchema).min(1, 'a journey needs at least one step').max(12, 'at most 12 steps') })
  .strict();

export const journeyParamsSchema = z.object({ unitId: z.string().min(1).max(64) });
export const journeyStepParamsSchema = journeyParamsSchema.extend({ stepId: z.string().min(1).max(64) });

/** DECISION steps take `choice`, INPUT steps `value`, INFO and REWARD steps an empty object. */
export const stepAnswerBodySchema = z
  .object({ choice: z.string().trim().min(1).max(80).optional(), value: z.string().trim().max(200).optional() })
  .strict();

export const rewardInfoSchema = z.object({
  rewardId: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(['Cashback', 'Coupon']),
  amount: z.number().int().nullable(),
  amountText: z.string().nullable(),
});

export const journeyStepSchema = z.object({
  stepId: z.string(),
  position: z.number().int(),
  type: z.enum(['INFO', 'DECISION', 'INPUT', 'REWARD']),
  title: z.string(),
  body: z.string().optional(),
  question: z.string().optional(),
  options: z.array(z.string()).optional(),
  label: z.string().optional(),
  placeholder: z.string().optional(),
  maxLength: z.number().int().optional(),
  reward: rewardInfoSchema.optional(),
  done: z.boolean(),
  answer: z.object({ choice: z.string().optional(), value: z.string().optional() }).nullable(),
});

export const journeyResponseSchema = z.object({
  unitId: z.string(),
  productName: z.string(),
  steps: z.array(journeyStepSchema),
  /** The step to answer next; null once every step is done. */
  nextStepId: z.string().nullable(),
  completed: z.boolean(),
});

export const stepAnswerResponseSchema = z.object({ journey: journeyResponseSchema, grant: rewardGrantSchema.nullable() });

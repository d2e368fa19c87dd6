import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../http';
import type { journeyResponseSchema, stepAnswerResponseSchema } from '@/lib/schemas/journeys';

// GET /api/customer/my-products/{unitId}/journey and POST .../journey/steps/{stepId}.
export type Journey = z.infer<typeof journeyResponseSchema>;
export type JourneyStep = Journey['steps'][number];
type StepAnswer = z.infer<typeof stepAnswerResponseSchema>;

const journeyPath = (unitId: string) => `/customer/my-products/${encodeURIComponent(unitId)}/journey`;

export const journeyQuery = (unitId: string) =>
  queryOptions({ queryKey: ['journey', unitId] as const, queryFn: () => http<Journey>(journeyPath(unitId)) });

export function answerStep(unitId: string, stepId: string, body: { choice?: string; value?: string }): Promise<StepAnswer> {
  return http<StepAnswer>(`${journeyPath(unitId)}/steps/${encodeURIComponent(stepId)}`, { method: 'POST', body });
}

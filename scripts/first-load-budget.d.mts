// Types of scripts/first-load-budget.mjs for the tests that import it.
export const FIRST_LOAD_BUDGET_KB: number;
export function isConsolePage(pageKey: string): boolean;
export function audienceOf(pageKey: string): 'signed-in' | 'signed-out';
export function routeOf(pageKey: string): string;
export type MeasuredPage = {
  page: string;
  route: string;
  audience: 'signed-in' | 'signed-out';
  kb: number;
  files: { file: string; kb: number }[];
};
export function measureFirstLoad(dist: string): MeasuredPage[];
export function overBudget(pages: MeasuredPage[], budget?: number): MeasuredPage[];

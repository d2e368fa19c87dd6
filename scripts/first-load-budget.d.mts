// Types of scripts/first-load-budget.mjs for the tests and the type-checked scripts that import it.
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
/** A client reference manifest, the parts the post-build steps read and write. */
export type RscManifest = {
  entryJSFiles?: Record<string, string[]>;
  entryCSSFiles?: Record<string, unknown[]>;
  [key: string]: unknown;
};
export function pageManifests(dist: string): [pageKey: string, file: string][];
export function readRscManifest(file: string, pageKey: string): RscManifest;
export function writeRscManifest(file: string, pageKey: string, manifest: RscManifest): void;

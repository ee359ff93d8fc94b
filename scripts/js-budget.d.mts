// Types for js-budget.mjs (imported from TypeScript by e2e/js-budget.e2e.ts).
export declare const BUDGET_BYTES: number;
export interface BudgetReport {
  totalBrotli: number;
  totalRaw: number;
  chunks: { file: string; raw: number; brotli: number }[];
  topModules: { id: string; raw: number }[];
  lazyChunks: number;
}
export declare function measureInitialJs(dist?: string): BudgetReport;
export declare function formatReport(report: BudgetReport): string;

// Types for build-web.mjs (imported from TypeScript by bench/run.ts).
export declare const repoRoot: string;
export declare const webIndex: string;
export declare const webInputs: string[];
export declare function webBuildReason(): string | null;
export declare function runWebBuild(): Promise<number>;
export declare function ensureWebBuild(options?: { log?: (msg: string) => void }): Promise<boolean>;

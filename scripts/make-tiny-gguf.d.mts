// Types for make-tiny-gguf.mjs (imported from TypeScript by the language-model tests).
export interface TinyGgufOptions {
  seed?: number;
  embd?: number;
  layers?: number;
  heads?: number;
  kvHeads?: number;
  ff?: number;
  context?: number;
}
export declare const TINY_CHAT_TEMPLATE: string;
export declare const TINY_DEFAULTS: Readonly<Required<Omit<TinyGgufOptions, 'seed'>>>;
export declare function tinyVocabulary(): { pieces: string[]; scores: number[]; types: number[] };
export declare function buildTinyGguf(options?: TinyGgufOptions): Buffer;
export declare function writeTinyGguf(file: string, options?: TinyGgufOptions): number;

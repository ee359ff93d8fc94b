export {
  AI_HONESTY_INSTRUCTION,
  assemblePrompt,
  CRISIS_TURN_INSTRUCTION,
  DEFAULT_INSTRUCTIONS,
  PromptTooLongError,
  stopSequences,
} from './assemble.ts';
export { keyMatches, selectLore } from './lorebook.ts';
export { applyMacros, cleanReply, exampleBlocks, neutralizeTemplateTokens } from './text.ts';
export type * from './types.ts';
export { loreOf, loreOptions, promptCharacter } from './from-character.ts';
export { fitPrompt, reserveAfterOverflow, type FittedPrompt, type PromptCounter } from './fit.ts';
export { retryOnOverflow } from './overflow.ts';

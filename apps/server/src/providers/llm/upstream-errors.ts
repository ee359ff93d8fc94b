// What a model server's error means for the person chatting. The server's own text (a stack of template internals,
// a model path, a key fragment) goes to the log only; the user gets a sentence that says what happened and what to do.

/** Chat-template failures: the server could not render our messages. Retrying the same messages cannot help. */
const TEMPLATE_ERROR = /jinja|template|roles must alternate|raise_exception|system role not supported|only user and assistant roles/i;
/** The prompt does not fit the context the server runs with (llama.cpp, vLLM, Ollama, OpenAI wordings). */
const CONTEXT_ERROR =
  /context (size|length|window)|maximum context|too many tokens|prompt is too long|exceeds? (the )?(available )?context|n_ctx/i;

export function isTemplateError(text: string): boolean {
  return TEMPLATE_ERROR.test(text);
}

export function isContextError(text: string): boolean {
  return CONTEXT_ERROR.test(text);
}

/** The sentence a user sees for an HTTP error from the model server. */
export function httpErrorSentence(status: number, text: string): string {
  if (isTemplateError(text)) {
    return "The model server could not format this conversation for its model (a chat-template error). Please tell the site's operator.";
  }
  if (isContextError(text)) {
    return "The conversation did not fit the model's context window. Shorten the message or start a new conversation.";
  }
  if (status === 401 || status === 403) {
    return "The model server refused the site's credentials. Please tell the site's operator.";
  }
  if (status === 404) return "The model server does not offer the configured model. Please tell the site's operator.";
  if (status === 429) return 'The model server is busy right now. Try again in a moment.';
  if (status >= 500) return 'The model server had an internal error. Try again in a moment.';
  return "The model server refused the request. Please tell the site's operator if it keeps happening.";
}

/**
 * The counts a context error names: llama.cpp "request (1427 tokens) exceeds the available context size (512
 * tokens)"; OpenAI "maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens"; vLLM
 * "maximum context length is 2048 tokens. However, you requested 2100 tokens (1600 in the messages, …)".
 */
export function contextErrorCounts(text: string): { promptTokens?: number; contextSize?: number } {
  const num = (re: RegExp) => {
    const m = re.exec(text);
    return m ? Number(m[1]) : undefined;
  };
  return {
    promptTokens: num(/request \((\d+) tokens\)/) ?? num(/(\d+) in the messages/) ?? num(/resulted in (\d+) tokens/),
    contextSize: num(/available context size \((\d+) tokens\)/) ?? num(/maximum context length is (\d+) tokens/),
  };
}

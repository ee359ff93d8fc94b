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
    return "The conversation did not fit the model's context window. Try again; if it keeps happening, start a new conversation.";
  }
  if (status === 401 || status === 403) {
    return "The model server refused the site's credentials. Please tell the site's operator.";
  }
  if (status === 404) return "The model server does not offer the configured model. Please tell the site's operator.";
  if (status === 429) return 'The model server is busy right now. Try again in a moment.';
  if (status >= 500) return 'The model server had an internal error. Try again in a moment.';
  return "The model server refused the request. Please tell the site's operator if it keeps happening.";
}

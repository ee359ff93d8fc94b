// Reasoning models (Qwen 3, DeepSeek-R1 and their distills, QwQ) think before they answer. Servers with a reasoning
// parser send the thinking apart (`delta.reasoning_content`, or `delta.reasoning` on OpenRouter and Ollama); without
// one it arrives inside the content as `<think>…</think>` before the reply. Thinking is never the reply: it is neither
// shown nor saved as the reply's text.

const OPEN = '<think>';
const CLOSE = '</think>';

/** Splits streamed content into thinking (dropped, counted) and the reply (returned). */
export class ThinkFilter {
  private state: 'start' | 'thinking' | 'after' | 'reply' = 'start';
  private pending = '';
  /** Characters of thinking seen (in the content or apart from it). */
  thought = 0;

  /** The reply part of a piece of content; thinking and a `<think>` block's surrounding whitespace are held back. */
  push(text: string): string {
    if (this.state === 'reply') return text;
    this.pending += text;
    if (this.state === 'start') {
      const t = this.pending.trimStart();
      if (t.startsWith(OPEN)) {
        this.state = 'thinking';
        this.pending = t.slice(OPEN.length);
      } else if (OPEN.startsWith(t)) {
        return ''; // maybe the start of `<think>`: wait for more
      } else {
        this.state = 'reply';
        const out = this.pending;
        this.pending = '';
        return out;
      }
    }
    if (this.state === 'thinking') {
      const end = this.pending.indexOf(CLOSE);
      if (end < 0) {
        // Keep what could be the start of `</think>`.
        const keep = Math.min(this.pending.length, CLOSE.length - 1);
        this.thought += this.pending.length - keep;
        this.pending = this.pending.slice(this.pending.length - keep);
        return '';
      }
      this.thought += end;
      this.pending = this.pending.slice(end + CLOSE.length);
      this.state = 'after';
    }
    // After `</think>`: the reply starts at its first non-blank character.
    const t = this.pending.trimStart();
    if (!t) {
      this.pending = '';
      return '';
    }
    this.state = 'reply';
    this.pending = '';
    return t;
  }

  /** At the end of the stream: text held back that turned out not to be thinking. */
  flush(): string {
    const out = this.state === 'start' ? this.pending : '';
    this.pending = '';
    return out;
  }

  /** Thinking that arrived apart from the content. */
  reasoning(text: string): void {
    this.thought += text.length;
  }
}

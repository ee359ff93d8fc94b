// A conversation's scope (modules/chat/moderation-scope.ts) is read from its stored texts before every message: the
// memory summary, the pinned facts and the newest messages, nearly all of them read for the message before as well.
// What one text adds to a scope depends on that text alone (outside image prompts, the surface does not change how
// a text is read) and on the year ("born in 2010"), so each text's cues are kept here and a text is read once while
// it stays: the most recently used texts, up to MAX_CHARS characters in all. Keyed by the text itself, never by a
// digest of it, so that no crafted text can stand in for another.
import type { Problem, ScopeState } from './minors.ts';

/** What one text can add to a scope: its first cue of each kind, before the scope's NSFW setting and recency apply. */
export interface FieldCues {
  minor?: Problem;
  explicit?: Problem;
  weak?: Problem;
}

/** A scope from its texts' cues, in order: the first text with a cue of a kind sets it. */
export function scopeFromCues(
  texts: readonly { field: string; cues: FieldCues }[],
  nsfw: boolean,
  recent: (field: string) => boolean,
): ScopeState {
  const state: ScopeState = {};
  for (const { field, cues } of texts) {
    if (!state.recent && cues.weak && recent(field)) state.recent = { ...cues.weak, field };
    if (!state.minor && cues.minor) state.minor = { ...cues.minor, field };
    if (!state.explicit && !nsfw && cues.explicit) state.explicit = { ...cues.explicit, field };
  }
  return state;
}

/** About 8 MB of kept texts at most (two bytes a character), with their cues. */
const MAX_CHARS = 4_000_000;
/** A text longer than this (an imported book of a chat) is read each time rather than push out many others. */
const MAX_KEPT_TEXT = 40_000;

export class ScopeCuesCache {
  private readonly kept = new Map<string, FieldCues>();
  private chars = 0;
  private year = 0;

  /** The text's cues, read by `read` unless kept; everything kept is let go when the year turns. */
  get(text: string, year: number, read: () => FieldCues): FieldCues {
    if (year !== this.year) this.clear(year);
    const hit = this.kept.get(text);
    if (hit) {
      // Most recently used last: the first entries are the ones let go.
      this.kept.delete(text);
      this.kept.set(text, hit);
      return hit;
    }
    const cues = read();
    if (text.length > MAX_KEPT_TEXT) return cues;
    this.kept.set(text, cues);
    this.chars += text.length;
    for (const old of this.kept.keys()) {
      if (this.chars <= MAX_CHARS) break;
      this.kept.delete(old);
      this.chars -= old.length;
    }
    return cues;
  }

  private clear(year: number) {
    this.kept.clear();
    this.chars = 0;
    this.year = year;
  }
}

// Where the "you are talking to an AI" notice goes in a conversation (docs/compliance.md "AI disclosure"): before its
// first message (or at the top of an empty one), and again before the first message written after `minutes` of
// chatting since the last notice, so someone who keeps chatting is reminded at least that often. Derived from the
// messages' own timestamps (the server's clock), so every device shows the notices in the same places.

export interface Timed {
  createdAt: string;
}

/** Indexes of the messages a notice goes before (always includes 0 when there is a message). */
export function aiNoticeIndexes(messages: readonly Timed[], minutes: number): number[] {
  const every = Math.max(1, minutes) * 60_000;
  const at: number[] = [];
  let last = Number.NEGATIVE_INFINITY;
  messages.forEach((m, i) => {
    const time = Date.parse(m.createdAt);
    if (Number.isNaN(time)) return; // a message still being written has no time yet
    if (at.length === 0 || time - last >= every) {
      at.push(i);
      last = time;
    }
  });
  return at;
}

// Who speaks next in a group chat. Pure: the members in turn order, who was skipped, the history and the new message.
//
// - natural: a member named in the user's last message (the earliest mention in the text, then turn order) > the
//   member the user answered (the last to speak before that message) > whoever spoke least recently (never spoken
//   first; ties in turn order). Without a new user message (a "next turn"), the last speaker does not speak twice in a
//   row unless they are the only one left.
// - round_robin: the member after the last speaker in turn order (the first when nobody has spoken yet).
// - manual: nobody; the user picks.
// Skipped members are passed over until the next reply (when everyone was skipped, nobody is).
import type { GroupTurnMode } from '@reverie/shared';

export interface TurnMember {
  id: string;
  name: string;
}

export interface TurnMessage {
  role: 'user' | 'assistant';
  speakerId: string | null;
  content: string;
}

export interface TurnInput {
  mode: GroupTurnMode;
  /** Current members in turn order. */
  members: TurnMember[];
  skipped: readonly string[];
  /** The conversation's newest messages, newest first. */
  newest: readonly TurnMessage[];
  /** The message being sent now (send only). */
  userMessage?: string;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where `name` (or its first word, 3 letters or more) first appears in `text` as a whole word; -1 when it does not. */
export function mentionAt(text: string, name: string): number {
  const full = name.trim();
  if (!full) return -1;
  const first = full.split(/\s+/)[0]!;
  const forms = first.length >= 3 && first !== full ? [full, first] : [full];
  let at = -1;
  for (const form of forms) {
    const m = new RegExp(`(?<![\\p{L}\\p{N}])${escape(form)}(?![\\p{L}\\p{N}])`, 'iu').exec(text);
    if (m && (at < 0 || m.index < at)) at = m.index;
  }
  return at;
}

export function nextSpeaker(t: TurnInput): string | null {
  if (t.mode === 'manual' || t.members.length === 0) return null;
  const open = t.members.filter((m) => !t.skipped.includes(m.id));
  const candidates = open.length ? open : t.members;
  const lastSpeaker = t.newest.find((m) => m.role === 'assistant' && m.speakerId)?.speakerId ?? null;

  if (t.mode === 'round_robin') {
    const at = t.members.findIndex((m) => m.id === lastSpeaker);
    for (let i = 1; i <= t.members.length; i++) {
      const m = t.members[(at + i) % t.members.length]!;
      if (candidates.includes(m)) return m.id;
    }
    return candidates[0]!.id;
  }

  // natural
  const text = t.userMessage ?? (t.newest[0]?.role === 'user' ? t.newest[0].content : undefined);
  if (text !== undefined) {
    const mentioned = candidates
      .map((m, order) => ({ m, at: mentionAt(text, m.name), order }))
      .filter((x) => x.at >= 0)
      .sort((a, b) => a.at - b.at || a.order - b.order);
    if (mentioned[0]) return mentioned[0].m.id;
    const addressed = candidates.find((m) => m.id === lastSpeaker);
    if (addressed) return addressed.id;
  }
  const pool = text === undefined && candidates.length > 1 ? candidates.filter((m) => m.id !== lastSpeaker) : candidates;
  let best = pool[0]!;
  let bestAge = -1;
  for (const m of pool) {
    const i = t.newest.findIndex((msg) => msg.role === 'assistant' && msg.speakerId === m.id);
    const age = i < 0 ? Number.MAX_SAFE_INTEGER : i;
    if (age > bestAge) {
      best = m;
      bestAge = age;
    }
  }
  return best.id;
}

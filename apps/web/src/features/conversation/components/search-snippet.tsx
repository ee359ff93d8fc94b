import { Fragment, useEffect, useState } from 'react';
import type { ChatSearchHit } from '@reverie/shared';

/** A match's snippet as text, its matched words in <mark> (the server's ranges; nothing is parsed as HTML). */
export function SearchSnippet({ hit }: { hit: Pick<ChatSearchHit, 'snippet' | 'marks'> }) {
  const parts: Array<{ text: string; mark: boolean }> = [];
  let at = 0;
  for (const [a, b] of [...hit.marks].sort((x, y) => x[0] - y[0])) {
    if (a < at || b > hit.snippet.length) continue;
    if (a > at) parts.push({ text: hit.snippet.slice(at, a), mark: false });
    parts.push({ text: hit.snippet.slice(a, b), mark: true });
    at = b;
  }
  if (at < hit.snippet.length) parts.push({ text: hit.snippet.slice(at), mark: false });
  return (
    <>
      {parts.map((p, i) => (
        <Fragment key={i}>{p.mark ? <mark className="rounded bg-primary/25 px-0.5 text-fg">{p.text}</mark> : p.text}</Fragment>
      ))}
    </>
  );
}

/** The text as typed, trimmed, once typing pauses (a search per pause, not per key). */
export function useSettledQuery(text: string, ms = 250): string {
  const [settled, setSettled] = useState(text.trim());
  useEffect(() => {
    const t = window.setTimeout(() => setSettled(text.trim()), ms);
    return () => window.clearTimeout(t);
  }, [text, ms]);
  return settled;
}

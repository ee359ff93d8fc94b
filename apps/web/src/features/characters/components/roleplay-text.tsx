import { Fragment } from 'react';
import { GUEST_USER_NAME, macroParts } from '@reverie/shared/macros';
import { useSession } from '@/features/auth';
import { useDefaultPersonaName } from '@/features/personas';
import { splitActions } from '../lib/roleplay-text';

/**
 * A character text with `{{char}}` and `{{user}}` filled in by the same function the chat uses: `{{user}}` is the
 * signed-in viewer's default persona's name, else their username (as in their chats), for guests a "Traveller" chip that shows it stands for them.
 */
export function MacroText({ text, characterName }: { text: string; characterName: string }) {
  const username = useSession().user?.username ?? null;
  const persona = useDefaultPersonaName(username !== null);
  const viewer = username === null ? null : (persona ?? username);
  return (
    <>
      {macroParts(text, { char: characterName, user: viewer ?? GUEST_USER_NAME }).map((part, i) =>
        !part.user ? (
          <Fragment key={i}>{part.text}</Fragment>
        ) : viewer ? (
          <span key={i} className="font-medium text-fg">
            {part.text}
          </span>
        ) : (
          <span
            key={i}
            title="Stands for you: your name once you sign in"
            data-testid="user-placeholder"
            className="mx-0.5 inline-block rounded-md bg-primary/15 px-1.5 text-[0.92em] leading-snug font-medium text-primary not-italic ring-1 ring-primary/30"
          >
            {part.text}
          </span>
        ),
      )}
    </>
  );
}

/** Speech as plain text, *actions* in italics, placeholders filled; rendered as text, never as HTML. */
export function RoleplayText({ text, characterName }: { text: string; characterName: string }) {
  return (
    <>
      {splitActions(text).map((segment, i) =>
        segment.action ? (
          <em key={i} className="text-fg-muted">
            <MacroText text={segment.text} characterName={characterName} />
          </em>
        ) : (
          <MacroText key={i} text={segment.text} characterName={characterName} />
        ),
      )}
    </>
  );
}

import { Eye } from 'lucide-react';
import { TAG_CATEGORIES } from '@reverie/shared';
import { Avatar } from '@/components/ui/avatar';
import { CharacterPortrait } from '@/features/characters';
import { RoleplayText } from '@/features/characters';
import { tagDisplayName } from '@reverie/shared';
import type { CharacterForm } from '../lib/form';

const RATING_TAGS = new Set(TAG_CATEGORIES.find((c) => c.category === 'Content Rating')?.tags ?? []);

/** How the character will look: its card in the catalogue and its greeting as the first chat message. */
export function CharacterPreview({ form, avatarUrl, username }: { form: CharacterForm; avatarUrl: string | null; username: string }) {
  const name = form.name.trim() || 'Your character';
  const tags = form.tags.filter((t) => !RATING_TAGS.has(t)).slice(0, 3);
  const greeting = form.greeting.trim();
  return (
    <section aria-label="Preview" className="grid gap-4">
      <h2 className="flex items-center gap-2 text-sm font-semibold tracking-wide text-fg-subtle uppercase">
        <Eye aria-hidden="true" className="size-4" />
        Preview
      </h2>
      <div className="relative mx-auto aspect-[2/3] w-full max-w-60 overflow-hidden rounded-2xl bg-surface-raised shadow-lg shadow-black/30 ring-1 ring-white/5">
        <CharacterPortrait key={avatarUrl ?? 'none'} name={name} src={avatarUrl} />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 bottom-0 h-3/5 bg-linear-to-t from-black/95 via-black/60 to-transparent"
        />
        {form.tags.includes('nsfw') ? (
          <span className="absolute top-2.5 left-2.5 rounded-full bg-danger-strong/90 px-2 py-0.5 text-[10px] font-bold tracking-wider text-white uppercase">
            18+
          </span>
        ) : null}
        <div className="absolute inset-x-0 bottom-0 p-3">
          <p className="truncate text-base font-bold text-white">{name}</p>
          <p className="mt-0.5 line-clamp-2 text-xs leading-snug text-white/75">{form.tagline || 'Your tagline appears here.'}</p>
          {tags.length ? (
            <ul aria-label="Tags" className="mt-2 flex max-h-5 flex-wrap gap-1 overflow-hidden">
              {tags.map((t) => (
                <li
                  key={t}
                  className="rounded-full bg-white/10 px-2 py-0.5 text-[10px] leading-4 font-medium text-white/85 ring-1 ring-white/10"
                >
                  {tagDisplayName(t)}
                </li>
              ))}
            </ul>
          ) : null}
          <p className="mt-2 truncate text-[11px] text-white/60">@{username}</p>
        </div>
      </div>
      <div className="rounded-2xl bg-surface p-4 ring-1 ring-border">
        <p className="mb-3 text-xs font-medium text-fg-subtle">First message</p>
        {greeting ? (
          <div className="flex gap-2.5">
            <Avatar name={name} src={avatarUrl} size="sm" />
            <p className="max-h-64 min-w-0 overflow-y-auto rounded-2xl rounded-tl-sm bg-surface-raised px-3.5 py-2.5 text-sm leading-relaxed break-words whitespace-pre-line text-fg ring-1 ring-border">
              <RoleplayText text={greeting} characterName={name} />
            </p>
          </div>
        ) : (
          <p className="text-sm text-fg-subtle">Write a greeting to see how the chat opens.</p>
        )}
      </div>
    </section>
  );
}

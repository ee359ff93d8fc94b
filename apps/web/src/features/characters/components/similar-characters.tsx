import type { CharacterProfile } from '@reverie/shared';
import { useCharactersInfinite } from '../api/get-characters';
import { CharacterGrid, CharacterGridSkeleton } from './character-grid';

const RATING_TAGS = new Set(['nsfw', 'sfw', 'suggestive']);
const SIMILAR_COUNT = 10;

/** Popular characters sharing the profile's leading tag, without the character itself. */
export function SimilarCharacters({ character }: { character: CharacterProfile }) {
  // A genre or scenario says more about likeness than "female" or "human".
  const usable = character.tags.filter((t) => !RATING_TAGS.has(t.name));
  const tag = (usable.find((t) => t.category === 'Genre') ?? usable.find((t) => t.category === 'Scenario') ?? usable[0])?.name;
  const query = useCharactersInfinite({ sort: 'popular', limit: SIMILAR_COUNT + 1, ...(tag ? { tag } : {}) });
  const items = (query.data?.pages[0]?.items ?? []).filter((c) => c.id !== character.id).slice(0, SIMILAR_COUNT);
  if (query.isError || (!query.isPending && items.length === 0)) return null;
  return (
    <section aria-labelledby="similar-heading" className="mt-12">
      <h2 id="similar-heading" className="mb-4 text-xl font-bold text-fg">
        Similar characters
      </h2>
      {query.isPending ? <CharacterGridSkeleton count={5} /> : <CharacterGrid items={items} label="Similar characters" />}
    </section>
  );
}

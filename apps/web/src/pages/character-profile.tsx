import { NotFound } from '@/components/page/not-found';

// Characters arrive with the characters domain; until then no id names a character.
export default function CharacterProfilePage() {
  return (
    <NotFound
      title="Character not found"
      description="No character has this address. It may have been removed, or the link is wrong."
      back={{ label: 'Discover characters', to: '/' }}
    />
  );
}

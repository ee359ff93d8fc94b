import { useSearchParams } from 'react-router';
import { Search, SearchX } from 'lucide-react';
import { SimplePage } from '@/components/page/simple-page';

export default function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  if (!q) {
    return (
      <SimplePage
        title="Search"
        description="Find characters, creators and tags."
        icon={<Search />}
        empty={{
          title: 'What are you looking for?',
          description: 'Type a name, a personality or a tag in the search box at the top of the page.',
          action: { label: 'Discover characters', to: '/' },
        }}
      />
    );
  }
  return (
    <SimplePage
      title={`Search results for “${q}”`}
      description="Characters, creators and tags that match your search."
      icon={<Search />}
      empty={{
        icon: <SearchX />,
        title: `Nothing matched “${q}”`,
        description: 'Try a different spelling or a broader word, or browse what is popular right now.',
        action: { label: 'Discover characters', to: '/' },
      }}
    />
  );
}

import { useSearchParams } from 'react-router';
import { Search } from 'lucide-react';
import { FeatureComing } from '@/components/page/feature-coming';
import { Page } from '@/components/page/page';

export default function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  return (
    <Page title="Search" documentTitle={q ? `Search “${q}”` : 'Search'} description="Find characters, creators and tags." icon={<Search />}>
      <FeatureComing
        title="Search is coming soon"
        description={
          q
            ? `We haven't searched for “${q}”: searching characters, creators and tags arrives with the character catalogue.`
            : 'Searching characters, creators and tags arrives with the character catalogue.'
        }
        action={{ label: 'Discover characters', to: '/' }}
      />
    </Page>
  );
}

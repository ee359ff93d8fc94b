import { UserRound } from 'lucide-react';
import { SimplePage } from '@/components/page/simple-page';

export default function CreatorPage() {
  return (
    <SimplePage
      title="Creator profile"
      description="Published characters, followers and likes for this creator."
      icon={<UserRound />}
      empty={{
        title: 'No published characters',
        description: "This creator hasn't published any characters yet. Check back later or explore other creators.",
        action: { label: 'All creators', to: '/creators' },
      }}
      grid
    />
  );
}

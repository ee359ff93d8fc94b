import { Users } from 'lucide-react';
import { SimplePage } from '@/components/page/simple-page';

export default function CreatorsPage() {
  return (
    <SimplePage
      title="Creators"
      description="The people behind the characters. Find a style you love and follow along."
      icon={<Users />}
      empty={{
        title: 'No creators to show yet',
        description: 'Creators appear here once they publish their first character. Why not be one of them?',
        action: { label: 'Create a character', to: '/create-character' },
      }}
    />
  );
}

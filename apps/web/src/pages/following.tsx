import { UserCheck } from 'lucide-react';
import { SimplePage } from '@/components/page/simple-page';

export default function FollowingPage() {
  return (
    <SimplePage
      title="Following"
      description="New characters from the creators you follow, newest first."
      icon={<UserCheck />}
      empty={{
        title: "You're not following anyone yet",
        description: 'Follow creators whose characters you enjoy and their latest work will collect here.',
        action: { label: 'Browse creators', to: '/creators' },
      }}
    />
  );
}

import { Users } from 'lucide-react';
import { SimplePage } from '@/components/page/simple-page';

export default function UserCharactersPage() {
  return (
    <SimplePage
      title="Your characters"
      description="Characters you've created, published or kept private."
      icon={<Users />}
      empty={{
        title: "You haven't created any characters yet",
        description: 'Give a character a name, a personality and a look, then chat with them or share them with everyone.',
        action: { label: 'Create a character', to: '/create-character' },
      }}
    />
  );
}

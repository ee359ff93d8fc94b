import { FileText } from 'lucide-react';
import { SimplePage } from '@/components/page/simple-page';

export default function CreateCharacterOldPage() {
  return (
    <SimplePage
      title="Classic character creator"
      description="The original single-form creator, kept for creators who prefer it."
      icon={<FileText />}
      empty={{
        title: 'Prefer the guided creator?',
        description: 'The enhanced creator walks you through identity, personality, appearance and publishing step by step.',
        action: { label: 'Open the enhanced creator', to: '/create-character' },
      }}
    />
  );
}

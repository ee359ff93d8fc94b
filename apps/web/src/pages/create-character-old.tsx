import { useSearchParams } from 'react-router';
import { FileText, WandSparkles } from 'lucide-react';
import { LinkButton } from '@/components/page/link-button';
import { Page } from '@/components/page/page';
import { ClassicCreator } from '@/features/character-creator';
import { CreatorGate } from '@/features/character-creator';

export default function CreateCharacterOldPage() {
  const [params] = useSearchParams();
  const editId = params.get('edit') ?? undefined;
  return (
    <Page
      title={editId ? 'Edit character (classic)' : 'Classic character creator'}
      documentTitle="Classic character creator"
      description="Every field of the character in one plain form."
      icon={<FileText />}
      actions={
        <LinkButton to={editId ? `/create-character?edit=${editId}` : '/create-character'} variant="ghost" size="sm">
          <WandSparkles aria-hidden="true" />
          Use the enhanced creator
        </LinkButton>
      }
    >
      <CreatorGate editId={editId}>
        {(user, profile) => <ClassicCreator key={profile?.id ?? 'new'} user={user} profile={profile} />}
      </CreatorGate>
    </Page>
  );
}

import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { FileText, WandSparkles } from 'lucide-react';
import type { ImportCharacterResponse } from '@reverie/shared';
import { LinkButton } from '@/components/page/link-button';
import { Page } from '@/components/page/page';
import { CharacterCreator } from '@/features/character-creator';
import { CreatorGate } from '@/features/character-creator';

export default function CreateCharacterPage() {
  const [params] = useSearchParams();
  const editId = params.get('edit') ?? undefined;
  const navigate = useNavigate();
  const location = useLocation();
  const report = (location.state as { report?: ImportCharacterResponse['report'] } | null)?.report;
  const onImported = (result: ImportCharacterResponse) =>
    void navigate(`/create-character?edit=${result.character.id}`, { state: { report: result.report } });
  return (
    <Page
      title={editId ? 'Edit character' : 'Create a character'}
      description={
        editId
          ? 'Change anything; your edits are kept as a draft in this browser until you save.'
          : 'Five short steps: who they are, how they behave, how they greet you, their tags, and who can see them.'
      }
      icon={<WandSparkles />}
      actions={
        <LinkButton to={editId ? `/create-character-old?edit=${editId}` : '/create-character-old'} variant="ghost" size="sm">
          <FileText aria-hidden="true" />
          Use the classic creator
        </LinkButton>
      }
    >
      <CreatorGate editId={editId}>
        {(user, profile) => (
          <CharacterCreator key={profile?.id ?? 'new'} user={user} profile={profile} report={report} onImported={onImported} />
        )}
      </CreatorGate>
    </Page>
  );
}

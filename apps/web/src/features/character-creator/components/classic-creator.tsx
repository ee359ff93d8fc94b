import { useRef, type FormEvent, type ReactNode } from 'react';
import { BlockedProblems, fieldLabelOf } from '@/features/moderation';
import { useNavigate } from 'react-router';
import { Save } from 'lucide-react';
import type { CharacterProfile, User } from '@reverie/shared';
import { FormError } from '@/components/form/form-parts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { useCharacterForm } from '../hooks/use-character-form';
import { CreatorTagPicker } from './creator-tag-picker';
import { DraftStatus } from './draft-status';
import { StepBasics, StepGreeting, StepPersonality } from './step-fields';
import { StepPublish } from './step-publish';
import { useFocusFirstError } from './use-focus-first-error';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="mb-5 text-lg font-semibold text-fg">{title}</h2>
      {children}
    </Card>
  );
}

/** The older creator: the same character, every field in one plain form (and the same draft as the enhanced one). */
export function ClassicCreator({ user, profile }: { user: User; profile?: CharacterProfile }) {
  const state = useCharacterForm({ userId: user.id, profile });
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(form);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const saved = await state.submit();
    if (!saved) return focusFirstError();
    toast({ title: saved.visibility === 'public' ? 'Character published' : 'Character saved', variant: 'success' });
    void navigate(`/characters/${saved.id}`);
  };

  return (
    <form ref={form} onSubmit={(e) => void onSubmit(e)} noValidate className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-5">
      <DraftStatus savedAt={state.savedAt} restored={state.restored} onDiscard={state.discardDraft} />
      <Section title="Basics">
        <StepBasics state={state} />
      </Section>
      <Section title="Personality and scenario">
        <StepPersonality state={state} />
      </Section>
      <Section title="Greeting and example dialogue">
        <StepGreeting state={state} />
      </Section>
      <Section title="Tags">
        <CreatorTagPicker selected={state.form.tags} onChange={(tags) => state.set('tags', tags)} error={state.errors.tags} />
      </Section>
      <Section title="Visibility">
        <StepPublish state={state} />
      </Section>
      {state.formError ? <FormError>{state.formError}</FormError> : null}
      <BlockedProblems problems={state.blocked} surface="character" characterId={state.profile?.id} fieldLabel={fieldLabelOf} />
      <Button type="submit" size="lg" disabled={state.saving} className="justify-self-end">
        <Save aria-hidden="true" />
        {state.saving ? 'Saving...' : profile ? 'Save changes' : 'Save character'}
      </Button>
    </form>
  );
}

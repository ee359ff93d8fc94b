import { useEffect, useRef, useState, type RefObject } from 'react';
import { BlockedProblems, fieldLabelOf } from '@/features/moderation';
import { useNavigate } from 'react-router';
import { ArrowLeft, ArrowRight, Rocket, Save } from 'lucide-react';
import type { CharacterProfile, ImportCharacterResponse, User } from '@reverie/shared';
import { FormError } from '@/components/form/form-parts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { useCharacterForm, type CharacterFormState } from '../hooks/use-character-form';
import { STEPS } from '../lib/form';
import { CharacterPreview } from './character-preview';
import { CreatorStepper } from './creator-stepper';
import { CreatorTagPicker } from './creator-tag-picker';
import { DraftStatus } from './draft-status';
import { ImportCard, ImportReport } from './import-card';
import { StepBasics, StepGreeting, StepPersonality } from './step-fields';
import { StepPublish } from './step-publish';
import { useFocusFirstError } from './use-focus-first-error';

interface CreatorNavProps {
  step: number;
  last: boolean;
  /** Editing an existing character: it can be saved from any step. */
  editing: boolean;
  saving: boolean;
  saveLabel: string;
  onBack: () => void;
  onSave: () => void;
  onNext: () => void;
}

/** The row under the step: Back, then Save changes (when editing) and Next, or the final save on the last step. */
function CreatorNav({ step, last, editing, saving, saveLabel, onBack, onSave, onNext }: CreatorNavProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <Button variant="secondary" onClick={onBack} disabled={step === 0}>
        <ArrowLeft aria-hidden="true" />
        Back
      </Button>
      <div className="flex flex-wrap gap-2">
        {editing && !last ? (
          <Button variant="secondary" onClick={onSave} disabled={saving}>
            <Save aria-hidden="true" />
            {saving ? 'Saving...' : 'Save changes'}
          </Button>
        ) : null}
        {last ? (
          <Button onClick={onSave} disabled={saving}>
            <Rocket aria-hidden="true" />
            {saving ? 'Saving...' : saveLabel}
          </Button>
        ) : (
          <Button onClick={onNext}>
            Next
            <ArrowRight aria-hidden="true" />
          </Button>
        )}
      </div>
    </div>
  );
}

/** The current step in its card: "n/5" and the step's title, the draft's status, then the step's fields. */
function StepPanel({ state, panel }: { state: CharacterFormState; panel: RefObject<HTMLDivElement | null> }) {
  const { step, form } = state;
  return (
    <Card className="p-4 sm:p-6" ref={panel}>
      <div className="mb-5 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-fg">
          <span className="text-fg-subtle">
            {step + 1}/{STEPS.length}
          </span>{' '}
          {STEPS[step]!.title}
        </h2>
        <DraftStatus savedAt={state.savedAt} restored={state.restored} onDiscard={state.discardDraft} />
      </div>
      {step === 0 ? <StepBasics state={state} /> : null}
      {step === 1 ? <StepPersonality state={state} /> : null}
      {step === 2 ? <StepGreeting state={state} /> : null}
      {step === 3 ? <CreatorTagPicker selected={form.tags} onChange={(tags) => state.set('tags', tags)} error={state.errors.tags} /> : null}
      {step === 4 ? <StepPublish state={state} onEditStep={state.setStep} /> : null}
    </Card>
  );
}

interface CharacterCreatorProps {
  user: User;
  profile?: CharacterProfile;
  report?: ImportCharacterResponse['report'];
  onImported: (result: ImportCharacterResponse) => void;
}

/** The enhanced creator: five steps with a live preview, an autosaved draft, and card import for new characters. */
export function CharacterCreator({ user, profile, report, onImported }: CharacterCreatorProps) {
  const state = useCharacterForm({ userId: user.id, profile });
  const navigate = useNavigate();
  const [showReport, setShowReport] = useState(Boolean(report));
  const panel = useRef<HTMLDivElement>(null);
  const focusFirstError = useFocusFirstError(panel);
  const { step, form } = state;
  const last = step === STEPS.length - 1;

  // A block body: newer browsers return a promise from scrollIntoView, which React would take for a cleanup.
  const stepper = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    stepper.current?.scrollIntoView({ block: 'nearest' });
  }, [step]);

  const save = async () => {
    const saved = await state.submit();
    if (!saved) return focusFirstError();
    toast({ title: saved.visibility === 'public' ? 'Character published' : 'Character saved', variant: 'success' });
    void navigate(`/characters/${saved.id}`);
  };

  // Making it public for the first time is publishing; anything else is saving.
  const publishing = form.visibility === 'public' && profile?.visibility !== 'public';
  const saveLabel = publishing ? 'Publish' : profile ? 'Save changes' : 'Save character';
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_280px] xl:grid-cols-[minmax(0,1fr)_320px]">
      <div className="grid min-w-0 grid-cols-1 content-start gap-5">
        {!profile ? <ImportCard onImported={onImported} /> : null}
        {report && showReport ? <ImportReport report={report} onClose={() => setShowReport(false)} /> : null}
        <div ref={stepper} className="scroll-mt-[calc(var(--header-h)+0.75rem)]">
          <CreatorStepper step={step} errors={state.errors} onSelect={state.setStep} />
        </div>
        <StepPanel state={state} panel={panel} />
        {state.formError ? <FormError>{state.formError}</FormError> : null}
        <BlockedProblems problems={state.blocked} surface="character" characterId={state.profile?.id} fieldLabel={fieldLabelOf} />
        <CreatorNav
          step={step}
          last={last}
          editing={Boolean(profile)}
          saving={state.saving}
          saveLabel={saveLabel}
          onBack={() => state.setStep(step - 1)}
          onSave={() => void save()}
          onNext={() => {
            state.next();
            focusFirstError();
          }}
        />
      </div>
      <aside className="lg:sticky lg:top-[calc(var(--header-h)+1.5rem)] lg:self-start">
        <CharacterPreview form={form} avatarUrl={state.avatarUrl} username={user.username} />
      </aside>
    </div>
  );
}

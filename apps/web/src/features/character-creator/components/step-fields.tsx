// The writing steps of the creator; the classic creator shows the same sections one after another.
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CHARACTER_LIMITS } from '../lib/form';
import type { CharacterFormState } from '../hooks/use-character-form';
import { AvatarField } from './avatar-field';
import { TextField } from './text-field';

type StepProps = { state: CharacterFormState };

export function StepBasics({ state }: StepProps) {
  const { form, set, touch, errors } = state;
  return (
    <div className="grid grid-cols-1 gap-5">
      <TextField
        name="name"
        label="Name"
        required
        value={form.name}
        onChange={(v) => set('name', v)}
        onBlur={() => touch('name')}
        max={CHARACTER_LIMITS.name}
        error={errors.name}
        placeholder="Seraphine Vale"
      />
      <TextField
        name="tagline"
        label="Tagline"
        value={form.tagline}
        onChange={(v) => set('tagline', v)}
        onBlur={() => touch('tagline')}
        max={CHARACTER_LIMITS.tagline}
        error={errors.tagline}
        hint="One line under the name on every card."
        placeholder="A lighthouse keeper who talks to the storm"
      />
      <TextField
        name="description"
        label="Description"
        rows={6}
        value={form.description}
        onChange={(v) => set('description', v)}
        onBlur={() => touch('description')}
        max={CHARACTER_LIMITS.description}
        error={errors.description}
        hint="Who they are: looks, history, what they want. Characters are adults (18+)."
      />
      <AvatarField
        name={form.name}
        url={state.avatarUrl}
        pending={state.avatarPending}
        error={errors.avatar}
        onCropped={state.setAvatar}
        onRemove={state.clearAvatar}
      />
    </div>
  );
}

export function StepPersonality({ state }: StepProps) {
  const { form, set, touch, errors } = state;
  return (
    <div className="grid grid-cols-1 gap-5">
      <TextField
        name="personality"
        label="Personality"
        rows={5}
        value={form.personality}
        onChange={(v) => set('personality', v)}
        onBlur={() => touch('personality')}
        max={CHARACTER_LIMITS.personality}
        error={errors.personality}
        hint="Traits, habits, how they speak."
      />
      <TextField
        name="scenario"
        label="Scenario"
        rows={5}
        value={form.scenario}
        onChange={(v) => set('scenario', v)}
        onBlur={() => touch('scenario')}
        max={CHARACTER_LIMITS.scenario}
        error={errors.scenario}
        hint="Where and how the story starts. {{user}} stands for the person chatting, {{char}} for the character."
      />
    </div>
  );
}

/** The alternate greetings: one field each with its remove button, and a button to add one up to the limit. */
function AlternateGreetings({ state }: StepProps) {
  const { form, set, touch, errors } = state;
  const greetings = form.alternateGreetings;
  const setGreeting = (i: number, v: string) =>
    set(
      'alternateGreetings',
      greetings.map((g, j) => (j === i ? v : g)),
    );
  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-1 text-sm font-medium text-fg">Alternate greetings</legend>
      <p className="-mt-1 text-xs text-fg-subtle">Other ways to open a chat; people swipe between them.</p>
      {greetings.map((g, i) => (
        <div key={i} className="grid gap-1">
          <TextField
            name={`alternateGreetings.${i}`}
            label={`Alternate greeting ${i + 1}`}
            rows={3}
            value={g}
            onChange={(v) => setGreeting(i, v)}
            onBlur={() => touch('alternateGreetings')}
            max={CHARACTER_LIMITS.greeting}
            error={errors[`alternateGreetings.${i}`]}
          />
          <Button
            variant="ghost"
            size="sm"
            className="justify-self-end"
            onClick={() =>
              set(
                'alternateGreetings',
                greetings.filter((_, j) => j !== i),
              )
            }
          >
            <Trash2 aria-hidden="true" />
            Remove greeting {i + 1}
          </Button>
        </div>
      ))}
      {errors.alternateGreetings ? (
        <p role="alert" className="text-sm text-danger">
          {errors.alternateGreetings}
        </p>
      ) : null}
      {greetings.length < CHARACTER_LIMITS.alternateGreetings ? (
        <Button variant="secondary" size="sm" className="justify-self-start" onClick={() => set('alternateGreetings', [...greetings, ''])}>
          <Plus aria-hidden="true" />
          Add an alternate greeting
        </Button>
      ) : null}
    </fieldset>
  );
}

export function StepGreeting({ state }: StepProps) {
  const { form, set, touch, errors } = state;
  return (
    <div className="grid grid-cols-1 gap-5">
      <TextField
        name="greeting"
        label="Greeting"
        rows={5}
        value={form.greeting}
        onChange={(v) => set('greeting', v)}
        onBlur={() => touch('greeting')}
        max={CHARACTER_LIMITS.greeting}
        error={errors.greeting}
        hint="The first message of every chat. Put *actions* between asterisks."
      />
      <AlternateGreetings state={state} />
      <TextField
        name="exampleDialogue"
        label="Example dialogue"
        rows={6}
        value={form.exampleDialogue}
        onChange={(v) => set('exampleDialogue', v)}
        onBlur={() => touch('exampleDialogue')}
        max={CHARACTER_LIMITS.exampleDialogue}
        error={errors.exampleDialogue}
        hint="A few lines that show how they talk. Start each exchange with <START>."
      />
    </div>
  );
}

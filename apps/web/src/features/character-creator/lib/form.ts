// The creator's form model, shared by the enhanced (stepped) and the classic (one form) creators: the values, the
// checks the server also makes (bounds, one content rating), and where each field lives among the steps.
import {
  CHARACTER_FIELD_LABELS,
  CHARACTER_LIMITS,
  CHARACTER_TEXT_FIELDS,
  CONTENT_RATING_TAGS,
  TAG_CATEGORIES,
  type CharacterInput,
  type CharacterProfile,
  type CharacterTextField,
  type CharacterVisibility,
} from '@reverie/shared';
import { formatNumber } from '@/lib/format';

export interface CharacterForm {
  name: string;
  tagline: string;
  description: string;
  personality: string;
  scenario: string;
  greeting: string;
  alternateGreetings: string[];
  exampleDialogue: string;
  systemPrompt: string;
  postHistoryInstructions: string;
  creatorNotes: string;
  tags: string[];
  visibility: CharacterVisibility;
  allowDownload: boolean;
  /** The voice its replies are read in; null: the speech service's default. */
  voice: string | null;
}

export const EMPTY_FORM: CharacterForm = {
  name: '',
  tagline: '',
  description: '',
  personality: '',
  scenario: '',
  greeting: '',
  alternateGreetings: [],
  exampleDialogue: '',
  systemPrompt: '',
  postHistoryInstructions: '',
  creatorNotes: '',
  tags: [],
  visibility: 'private',
  allowDownload: false,
  voice: null,
};

export function formFromProfile(p: CharacterProfile): CharacterForm {
  return {
    name: p.name,
    tagline: p.persona,
    description: p.description,
    personality: p.personality,
    scenario: p.scenario,
    greeting: p.greeting,
    alternateGreetings: p.alternateGreetings,
    exampleDialogue: p.exampleDialogue,
    systemPrompt: p.definition?.systemPrompt ?? '',
    postHistoryInstructions: p.definition?.postHistoryInstructions ?? '',
    creatorNotes: p.creatorNotes,
    tags: p.tagNames,
    visibility: p.visibility,
    allowDownload: p.allowDownload,
    voice: p.voice ?? null,
  };
}

/** The request body; empty alternate greetings are left out, the NSFW flag follows the rating tag. */
export function toBody(f: CharacterForm): CharacterInput {
  return {
    ...f,
    alternateGreetings: f.alternateGreetings.filter((g) => g.trim() !== ''),
    nsfw: f.tags.includes('nsfw'),
  };
}

/** Field keys errors attach to: the text fields, `alternateGreetings.<i>`, `tags`, `avatar`, and `card` (imported extras). */
export type FieldErrors = Record<string, string>;

export const TEXT_LIMIT = Object.fromEntries(CHARACTER_TEXT_FIELDS.map((f) => [f, CHARACTER_LIMITS[f]])) as Record<
  CharacterTextField,
  number
>;

export function lengthError(field: CharacterTextField, value: string): string | undefined {
  const max = TEXT_LIMIT[field];
  if (value.length > max) return `${CHARACTER_FIELD_LABELS[field]} must be at most ${formatNumber(max)} characters`;
  return undefined;
}

export function ratingOf(tags: readonly string[]): string | undefined {
  const ratings = tags.filter((t) => CONTENT_RATING_TAGS.includes(t));
  return ratings.length === 1 ? ratings[0] : undefined;
}

/** The same checks as the server, so most mistakes are shown at the field before anything is sent. */
export function validate(f: CharacterForm): FieldErrors {
  const errors: FieldErrors = {};
  if (f.name.trim() === '') errors.name = 'Give your character a name';
  for (const field of Object.keys(TEXT_LIMIT) as CharacterTextField[]) {
    const error = lengthError(field, f[field]);
    if (error) errors[field] = error;
  }
  if (f.alternateGreetings.length > CHARACTER_LIMITS.alternateGreetings) {
    errors.alternateGreetings = `At most ${CHARACTER_LIMITS.alternateGreetings} alternate greetings`;
  }
  f.alternateGreetings.forEach((g, i) => {
    if (g.length > CHARACTER_LIMITS.greeting)
      errors[`alternateGreetings.${i}`] = `Greeting must be at most ${formatNumber(CHARACTER_LIMITS.greeting)} characters`;
  });
  if (f.tags.length > CHARACTER_LIMITS.maxTags) errors.tags = `Pick at most ${CHARACTER_LIMITS.maxTags} tags`;
  else if (!ratingOf(f.tags)) errors.tags = 'Choose a content rating: SFW, Suggestive or NSFW';
  return errors;
}

export interface StepDef {
  id: string;
  title: string;
  short: string;
  fields: string[];
}

export const STEPS: readonly StepDef[] = [
  { id: 'basics', title: 'Basics and avatar', short: 'Basics', fields: ['name', 'tagline', 'description', 'avatar'] },
  { id: 'personality', title: 'Personality and scenario', short: 'Personality', fields: ['personality', 'scenario'] },
  {
    id: 'greeting',
    title: 'Greeting and example dialogue',
    short: 'Greeting',
    fields: ['greeting', 'alternateGreetings', 'exampleDialogue'],
  },
  { id: 'tags', title: 'Tags and content rating', short: 'Tags', fields: ['tags'] },
  {
    id: 'publish',
    title: 'Visibility and review',
    short: 'Publish',
    fields: ['visibility', 'allowDownload', 'systemPrompt', 'postHistoryInstructions', 'creatorNotes', 'card'],
  },
];

/** The form key of a server field: `alternateGreetings[2]` → `alternateGreetings.2`; card-only fields → `card`. */
export function formFieldOf(serverField: string): string {
  const alt = /^alternateGreetings\[(\d+)\]$/.exec(serverField);
  if (alt) return `alternateGreetings.${alt[1]}`;
  if (serverField in EMPTY_FORM || serverField === 'avatar') return serverField;
  return 'card';
}

export function stepOf(field: string): number {
  const base = field.split('.')[0]!;
  const i = STEPS.findIndex((s) => s.fields.includes(base));
  return i < 0 ? STEPS.length - 1 : i;
}

/** Errors that belong to a step (the form blocks leaving a step that has any). */
export function stepErrors(errors: FieldErrors, step: number): string[] {
  return Object.keys(errors).filter((k) => stepOf(k) === step);
}

const MAX_BY_CATEGORY = new Map(TAG_CATEGORIES.map((c) => [c.category, c.maxSelections]));

/**
 * Toggles a tag in the creator: categories that allow one tag (character type, content rating, origin, sexuality)
 * swap their tag; the others add up to their maximum; never more than 20 in all.
 */
export function toggleCharacterTag(
  selected: readonly string[],
  tag: { name: string; category: string },
  categoryOf: (name: string) => string,
) {
  if (selected.includes(tag.name)) return selected.filter((t) => t !== tag.name);
  const max = MAX_BY_CATEGORY.get(tag.category) ?? null;
  const inCategory = selected.filter((t) => categoryOf(t) === tag.category);
  if (max === 1) return [...selected.filter((t) => !inCategory.includes(t)), tag.name];
  if ((max && inCategory.length >= max) || selected.length >= CHARACTER_LIMITS.maxTags) return [...selected];
  return [...selected, tag.name];
}

export { CHARACTER_FIELD_LABELS, CHARACTER_LIMITS };

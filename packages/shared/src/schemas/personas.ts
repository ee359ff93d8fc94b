// Personas: who the user is in a story. A name, a short description (it goes into the prompt), an optional avatar
// and pronouns; one of them may be the default. `{{user}}` becomes the persona's name (docs/personas.md).
import { z } from 'zod';
import { text } from './text.ts';

export const PERSONA_LIMITS = {
  /** Personas one account may keep. */
  maxPersonas: 20,
  nameMax: 60,
  descriptionMax: 2000,
  pronounsMax: 40,
} as const;

/** Offered by the form; any other short text is accepted as custom pronouns. */
export const PRONOUN_PRESETS = ['she/her', 'he/him', 'they/them'] as const;

export const PersonaName = text({
  min: 1,
  max: PERSONA_LIMITS.nameMax,
  required: 'name is required',
  tooShort: 'Give the persona a name',
  tooLong: `A persona's name can be at most ${PERSONA_LIMITS.nameMax} characters`,
});
export const PersonaDescription = text({
  max: PERSONA_LIMITS.descriptionMax,
  multiline: true,
  tooLong: `A persona's description can be at most ${PERSONA_LIMITS.descriptionMax.toLocaleString('en-US')} characters`,
});
/** Empty or null: none. */
export const PersonaPronouns = text({
  max: PERSONA_LIMITS.pronounsMax,
  tooLong: `Pronouns can be at most ${PERSONA_LIMITS.pronounsMax} characters`,
}).nullable();

export const Persona = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  pronouns: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Persona = z.infer<typeof Persona>;

export const PersonaList = z.object({
  items: z.array(Persona),
  /** How many personas an account may keep. */
  max: z.number().int(),
});
export type PersonaList = z.infer<typeof PersonaList>;

export const CreatePersonaBody = z.object({
  name: PersonaName,
  description: PersonaDescription.optional().default(''),
  pronouns: PersonaPronouns.optional(),
  /** Make it the default (the first persona is the default anyway). */
  isDefault: z.boolean().optional(),
});
export type CreatePersonaBody = z.input<typeof CreatePersonaBody>;

export const UpdatePersonaBody = z
  .object({ name: PersonaName, description: PersonaDescription, pronouns: PersonaPronouns })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'Send at least one of name, description, pronouns');
export type UpdatePersonaBody = z.input<typeof UpdatePersonaBody>;

export const ChoosePersonaBody = z.object({
  /** null: no choice, the default persona (or the account's name) applies. */
  personaId: z.uuid({ message: 'personaId must be a valid id' }).nullable(),
  /** true (with `personaId: null`): the account's own name, no persona, even while the user has personas. */
  account: z.boolean().optional(),
});
export type ChoosePersonaBody = z.input<typeof ChoosePersonaBody>;

/** The persona a conversation uses (null: none, the account's name stands for {{user}}) and why. */
export const ConversationPersona = z.object({
  conversationId: z.string(),
  persona: Persona.nullable(),
  /** chosen: for this conversation · character: remembered for the character · default · none. */
  source: z.enum(['chosen', 'character', 'default', 'none']),
  /** The name `{{user}}` stands for in this conversation. */
  userName: z.string(),
});
export type ConversationPersona = z.infer<typeof ConversationPersona>;

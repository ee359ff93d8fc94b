import type { CardCharacter } from './types.ts';

/**
 * Every piece of text in a card, flattened for the blocked-content check (`checkContent(fields, { surface:
 * 'character', fieldLabels: labels })`), with labels a person recognises in the error message.
 */
export function cardModerationFields(card: CardCharacter): { fields: Record<string, string>; labels: Record<string, string> } {
  const fields: Record<string, string> = {};
  const labels: Record<string, string> = {};
  const add = (key: string, label: string, value: string | undefined) => {
    if (value === undefined || value === '') return;
    fields[key] = value;
    labels[key] = label;
  };
  add('name', 'name', card.name);
  add('nickname', 'nickname', card.nickname);
  add('tagline', 'tagline', card.tagline);
  add('description', 'description', card.description);
  add('personality', 'personality', card.personality);
  add('scenario', 'scenario', card.scenario);
  add('firstMes', 'greeting', card.firstMes);
  card.alternateGreetings.forEach((g, i) => add(`alternateGreetings[${i}]`, `alternate greeting ${i + 1}`, g));
  card.groupOnlyGreetings.forEach((g, i) => add(`groupOnlyGreetings[${i}]`, `group greeting ${i + 1}`, g));
  add('mesExample', 'example dialogue', card.mesExample);
  add('systemPrompt', 'system prompt', card.systemPrompt);
  add('postHistoryInstructions', 'post-history instructions', card.postHistoryInstructions);
  add('creatorNotes', "creator's notes", card.creatorNotes);
  for (const [lang, text] of Object.entries(card.creatorNotesMultilingual ?? {})) {
    add(`creatorNotesMultilingual.${lang}`, `creator's notes (${lang})`, text);
  }
  add('tags', 'tags', card.tags.join(', '));
  add('characterBook.name', 'lorebook name', card.characterBook?.name);
  add('characterBook.description', 'lorebook description', card.characterBook?.description);
  card.characterBook?.entries.forEach((e, i) => {
    add(`characterBook.entries[${i}].keys`, `lorebook entry ${i + 1} keys`, [...e.keys, ...(e.secondary_keys ?? [])].join(', '));
    add(`characterBook.entries[${i}].content`, `lorebook entry ${i + 1}`, e.content);
  });
  return { fields, labels };
}

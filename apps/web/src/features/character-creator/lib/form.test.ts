import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, formFieldOf, stepOf, toBody, toggleCharacterTag, validate } from './form';

const categories: Record<string, string> = {
  female: 'Character Type',
  male: 'Character Type',
  sfw: 'Content Rating',
  nsfw: 'Content Rating',
  'sci-fi': 'Genre',
  fantasy: 'Genre',
  horror: 'Genre',
  romance: 'Genre',
};
const categoryOf = (name: string) => categories[name] ?? 'Fantasy';
const tag = (name: string) => ({ name, category: categoryOf(name) });

describe('creator form', () => {
  it('asks for a name and a content rating, and holds every text to its bound', () => {
    expect(validate(EMPTY_FORM)).toEqual({ name: 'Give your character a name', tags: 'Choose a content rating: SFW, Suggestive or NSFW' });
    const long = validate({
      ...EMPTY_FORM,
      name: 'A',
      tags: ['sfw'],
      tagline: 'x'.repeat(201),
      alternateGreetings: ['ok', 'y'.repeat(64_001)],
    });
    expect(long).toEqual({
      tagline: 'Tagline must be at most 200 characters',
      'alternateGreetings.1': 'Greeting must be at most 64,000 characters',
    });
    expect(validate({ ...EMPTY_FORM, name: 'A', tags: ['sfw', 'nsfw'] }).tags).toMatch(/content rating/);
  });

  it('sends the NSFW flag its rating means, without empty alternate greetings', () => {
    const body = toBody({ ...EMPTY_FORM, name: 'A', tags: ['female', 'nsfw'], alternateGreetings: ['Hi', '  '] });
    expect(body).toMatchObject({ nsfw: true, alternateGreetings: ['Hi'], tags: ['female', 'nsfw'] });
  });

  it('swaps tags in one-tag categories, caps the others at their limit', () => {
    expect(toggleCharacterTag(['female', 'sfw'], tag('male'), categoryOf)).toEqual(['sfw', 'male']);
    expect(toggleCharacterTag(['female', 'sfw'], tag('nsfw'), categoryOf)).toEqual(['female', 'nsfw']);
    const genres = ['sci-fi', 'fantasy', 'horror'];
    expect(toggleCharacterTag(genres, tag('romance'), categoryOf)).toEqual(genres);
    expect(toggleCharacterTag(genres, tag('horror'), categoryOf)).toEqual(['sci-fi', 'fantasy']);
  });

  it('points a server error at its field and step', () => {
    expect(formFieldOf('description')).toBe('description');
    expect(stepOf(formFieldOf('description'))).toBe(0);
    expect(formFieldOf('alternateGreetings[3]')).toBe('alternateGreetings.3');
    expect(stepOf('alternateGreetings.3')).toBe(2);
    expect(stepOf('tags')).toBe(3);
    expect(formFieldOf('characterBook.entries[0].content')).toBe('card');
    expect(stepOf('card')).toBe(4);
  });
});

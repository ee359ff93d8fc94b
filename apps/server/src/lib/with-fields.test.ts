import v8 from 'node:v8';
import { expect, it } from 'vitest';
import { withFields } from './with-fields.ts';

v8.setFlagsFromString('--allow-natives-syntax');
const sameClass = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

const row = (i: number) => ({ id: `c${i}`, name: 'Mira', nsfw: false, createdAt: new Date(0), tagline: null as string | null });

it('is the spread: every field of the base, the extra ones last and winning, the base untouched', () => {
  const base = row(1);
  const out = withFields(base, { name: 'Ren', creatorUsername: 'sam' });
  expect(out).toEqual({ ...base, name: 'Ren', creatorUsername: 'sam' });
  expect(Object.keys(out)).toEqual(['id', 'name', 'nsfw', 'createdAt', 'tagline', 'creatorUsername']);
  expect(base.name).toBe('Mira');
});

it('gives every copy the same hidden class (a spread literal with extra fields made one per object on Node 20)', () => {
  const copies = Array.from({ length: 200 }, (_, i) => withFields(row(i), { creatorUsername: `u${i}`, creatorAvatarUrl: null }));
  const classes = copies.filter((c, i) => i > 0 && !sameClass(copies[i - 1]!, c)).length + 1;
  expect(classes).toBeLessThanOrEqual(2);
});

import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { setShowNsfw } from '@/lib/nsfw';
import { renderWithProviders, resetClientState } from '@/test/helpers';
import { makeCharacter } from '@/test/characters';
import { CharacterCard } from './character-card';

const renderCard = (character = makeCharacter()) =>
  renderWithProviders(
    <MemoryRouter>
      <CharacterCard character={character} />
    </MemoryRouter>,
  );

const blurLayer = (name: string) => screen.getByAltText(`Portrait of ${name}`).parentElement as HTMLElement;

describe('CharacterCard', () => {
  beforeEach(resetClientState);

  it('shows the portrait, name, tagline, tags, chat count, likes and links to the profile', () => {
    const character = makeCharacter({ name: 'Seraphina Vale', persona: 'Elven archivist', chatCount: 21_700, likes: 82 });
    renderCard(character);
    screen.getByRole('heading', { name: 'Seraphina Vale' });
    screen.getByText('Elven archivist');
    screen.getByText('Fantasy');
    expect(screen.getByText('Chats:').parentElement?.textContent).toBe('Chats: 21.7K');
    expect(screen.getByText('Likes:').parentElement?.textContent).toBe('Likes: 82');
    expect(screen.getByRole('link').getAttribute('href')).toBe(`/characters/${character.id}`);
  });

  it('blurs an NSFW portrait (20 px, opacity 0.6) while the NSFW filter is off, and not once it is on', () => {
    const character = makeCharacter({ name: 'Vex', nsfw: true });
    const { unmount } = renderCard(character);
    expect(blurLayer('Vex').style.filter).toBe('blur(20px)');
    expect(blurLayer('Vex').style.opacity).toBe('0.6');
    screen.getByRole('img', { name: /NSFW content hidden/ });
    unmount();
    setShowNsfw(true);
    renderCard(character);
    expect(blurLayer('Vex').style.filter).toBe('');
    expect(screen.queryByRole('img', { name: /NSFW content hidden/ })).toBeNull();
  });

  it('never blurs a safe character', () => {
    renderCard(makeCharacter({ name: 'Mira', nsfw: false }));
    expect(blurLayer('Mira').style.filter).toBe('');
  });
});

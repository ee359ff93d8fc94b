import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyMacros } from '@reverie/shared/macros';
import { json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { signIn } from '@/test/characters';
import { RoleplayText } from './roleplay-text';

const greeting = "*smiles at {{user}}* {{user}} has climbed far. I am {{char}}, and this is {{user}}'s room.";

describe('character texts on public pages', () => {
  beforeEach(() => {
    resetClientState();
    localStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the signed-in viewer's name, exactly as the chat fills the same greeting", () => {
    const me = signIn({ username: 'luna' });
    const { container } = renderWithProviders(
      <p data-testid="text">
        <RoleplayText text={greeting} characterName="Aster" />
      </p>,
    );
    const shown = screen.getByTestId('text').textContent;
    expect(shown).toBe("smiles at luna luna has climbed far. I am Aster, and this is luna's room.");
    // The chat's greeting (server) is the same function over the same text, minus the action asterisks.
    expect(applyMacros(greeting, { char: 'Aster', user: me.username }).replaceAll('*', '')).toBe(shown);
    expect(container.querySelector('em')?.textContent).toBe('smiles at luna');
    expect(screen.queryByTestId('user-placeholder')).toBeNull();
    expect(shown).not.toMatch(/\byou has\b|\{\{/);
  });

  it("shows the default persona's name once the viewer has one, as a new chat's greeting would", async () => {
    signIn({ username: 'luna' });
    const persona = {
      id: 'p1',
      name: 'Captain Ro',
      description: '',
      pronouns: null,
      avatarUrl: null,
      isDefault: true,
      createdAt: '',
      updatedAt: '',
    };
    mockApi({ 'GET /api/personas': () => json({ items: [persona], max: 20 }) });
    renderWithProviders(
      <p data-testid="text">
        <RoleplayText text={greeting} characterName="Aster" />
      </p>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('text').textContent).toBe(
        "smiles at Captain Ro Captain Ro has climbed far. I am Aster, and this is Captain Ro's room.",
      ),
    );
  });

  it('shows guests a "Traveller" placeholder chip where their name would be', () => {
    renderWithProviders(
      <p data-testid="text">
        <RoleplayText text={greeting} characterName="Aster" />
      </p>,
    );
    expect(screen.getByTestId('text').textContent).toBe(
      "smiles at Traveller Traveller has climbed far. I am Aster, and this is Traveller's room.",
    );
    const chips = screen.getAllByTestId('user-placeholder');
    expect(chips).toHaveLength(3);
    expect(chips[0]?.getAttribute('title')).toBe('Stands for you: your name once you sign in');
  });
});

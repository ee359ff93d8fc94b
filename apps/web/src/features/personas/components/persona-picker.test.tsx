// The chat header's persona picker (#46.6): your username stays a choice of its own once you have personas.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ConversationPersona, Persona } from '@reverie/shared';
import { signIn } from '@/test/characters';
import { json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { PersonaPicker } from './persona-picker';

const CONV = '00000000-0000-4000-8000-0000000000c1';
const ro: Persona = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Captain Ro',
  description: '',
  pronouns: null,
  avatarUrl: null,
  isDefault: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('PersonaPicker', () => {
  beforeEach(() => {
    resetClientState();
    localStorage.clear();
    signIn();
  });

  it('offers your username beside your personas, and choosing it asks for no persona', async () => {
    let state: ConversationPersona = { conversationId: CONV, persona: ro, source: 'default', userName: 'Captain Ro' };
    const api = mockApi({
      'GET /api/personas': () => json({ items: [ro], max: 20 }),
      [`GET /api/conversations/${CONV}/persona`]: () => json(state),
      [`PUT /api/conversations/${CONV}/persona`]: () => {
        state = { conversationId: CONV, persona: null, source: 'none', userName: 'luna' };
        return json(state);
      },
    });
    renderWithProviders(
      <MemoryRouter>
        <PersonaPicker conversationId={CONV} />
      </MemoryRouter>,
    );
    const trigger = await screen.findByRole('button', { name: 'You are Captain Ro. Change persona' });
    await waitFor(() => expect(api.callsTo('GET /api/personas')).toHaveLength(1));
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const mine = await screen.findByRole('menuitem', { name: /luna.*\(your username\)/ });
    expect(screen.getByRole('menuitem', { name: /Captain Ro/ })).toBeTruthy();
    fireEvent.click(mine);
    await waitFor(() => expect(api.callsTo(`PUT /api/conversations/${CONV}/persona`)).toHaveLength(1));
    expect(api.callsTo(`PUT /api/conversations/${CONV}/persona`)[0]!.body).toEqual({ personaId: null, account: true });
    expect(await screen.findByRole('button', { name: 'You are luna. Change persona' })).toBeTruthy();
  });
});

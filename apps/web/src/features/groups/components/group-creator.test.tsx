import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { GroupCreator } from './group-creator';

const ada = { id: '0c6a3d1e-1111-4111-8111-111111111111', name: 'Ada Lanternwright', avatarUrl: null };
const bram = { id: '0c6a3d1e-2222-4222-8222-222222222222', name: 'Bram Netmender', avatarUrl: null };
const groupId = '9b1c0a2e-4444-4444-8444-444444444444';
const conversations = {
  items: [
    {
      id: '9b1c0a2e-7777-4777-8777-777777777777',
      character: { ...bram, deleted: false },
      group: null,
      lastMessage: null,
      messageCount: 3,
      unread: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
  ],
  page: 1,
  limit: 20,
  total: 1,
  hasMore: false,
};

function renderCreator() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/characters/ada']}>
      <Routes>
        <Route path="/characters/ada" element={<GroupCreator open onOpenChange={() => {}} initial={[ada]} />} />
        <Route path="/group/:id" element={<p>Group page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the group creator', () => {
  beforeEach(() => resetClientState());
  afterEach(() => vi.unstubAllGlobals());

  it('starts with the profile character, offers the characters from your chats, and opens the new group', async () => {
    const api = mockApi({
      'GET /api/conversations': () => json(conversations),
      'POST /api/groups': () => json({ group: { id: groupId } }, 201),
    });
    renderCreator();
    expect(screen.getByRole('button', { name: `Remove ${ada.name}` })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pick 1 more' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(bram.name) }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Harbour night' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    await screen.findByText('Group page');
    expect(api.callsTo('POST /api/groups')[0]!.body).toEqual({
      name: 'Harbour night',
      turnMode: 'natural',
      characterIds: [ada.id, bram.id],
    });
  });

  it("says why the server refused (someone else's private character), and keeps the form", async () => {
    mockApi({
      'GET /api/conversations': () => json(conversations),
      'POST /api/groups': () => apiError(404, 'Character not found'),
    });
    renderCreator();
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(bram.name) }));
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Character not found'));
    expect(screen.getByRole('button', { name: `Remove ${bram.name}` })).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TicketDetail } from '@reverie/shared';
import { setTokens } from '@/lib/auth-tokens';
import { json, jwt, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { TicketThread } from './ticket-thread';

const ticket = (over: Partial<TicketDetail> = {}): TicketDetail => ({
  id: '55555555-5555-4555-8555-555555555555',
  subject: 'Coins missing',
  category: 'billing',
  status: 'waiting',
  lastReplyBy: 'staff',
  messageCount: 2,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T11:00:00.000Z',
  messages: [
    {
      id: 'a1111111-1111-4111-8111-111111111111',
      author: 'user',
      authorName: 'luna',
      body: 'They did not <b>arrive</b>.',
      createdAt: '2026-03-01T10:00:00.000Z',
    },
    {
      id: 'a2222222-2222-4222-8222-222222222222',
      author: 'staff',
      authorName: 'Reverie Support',
      body: 'Looking into it.\nOne moment.',
      createdAt: '2026-03-01T11:00:00.000Z',
    },
  ],
  ...over,
});
const render = (t: TicketDetail) =>
  renderWithProviders(
    <MemoryRouter>
      <TicketThread ticket={t} />
    </MemoryRouter>,
  );

describe('ticket thread', () => {
  beforeEach(() => {
    resetClientState();
    setTokens({ accessToken: jwt(), refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the thread as text (HTML stays inert) with the team signed as Reverie Support, and sends a reply', async () => {
    const t = ticket();
    const api = mockApi({ [`POST /api/support/tickets/${t.id}/replies`]: () => json({ ...t, status: 'open' }, 201) });
    const { container } = render(t);
    screen.getByText('They did not <b>arrive</b>.');
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByTestId('ticket-message-staff').textContent).toContain('Reverie Support');
    screen.getByText('The support team answered. Reply if you need more help.');
    fireEvent.change(screen.getByLabelText('Your reply'), { target: { value: 'Still nothing.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(api.callsTo(`POST /api/support/tickets/${t.id}/replies`)[0]?.body).toEqual({ message: 'Still nothing.' }));
  });

  it('offers no reply box on a closed ticket', () => {
    render(ticket({ status: 'closed' }));
    expect(screen.queryByLabelText('Your reply')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open a new ticket' }).getAttribute('href')).toBe('/support');
  });
});

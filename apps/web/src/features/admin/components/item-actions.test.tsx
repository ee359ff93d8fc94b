import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueItemDetail } from '@reverie/shared';
import { setStoredUser, setTokens } from '@/lib/auth-tokens';
import { json, jwt, makeUser, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { localImage } from '../lib/local-image';
import { AdminError } from './admin-states';
import { ItemActions } from './item-actions';

const CHAR = '33333333-3333-4333-8333-333333333333';
const OWNER = '77777777-7777-4777-8777-777777777777';
const item: QueueItemDetail = {
  id: '88888888-8888-4888-8888-888888888888',
  kind: 'report',
  status: 'open',
  priority: 'high',
  title: 'Involves a minor: character “Aria”',
  subject: { type: 'character', id: CHAR, label: 'Aria', url: `/characters/${CHAR}` },
  owner: { id: OWNER, username: 'maker' },
  count: 1,
  problems: [],
  reviewRequested: false,
  note: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  resolvedAt: null,
  report: { reason: 'underage', note: null, snapshot: null, reporter: null },
  removalRequest: null,
  blocked: null,
  ticket: null,
  context: {
    ref: { type: 'character', id: CHAR, label: 'Aria', url: `/characters/${CHAR}` },
    missing: false,
    facts: [],
    excerpt: null,
    imageUrl: null,
    moderation: { hidden: false, removed: false, hold: null },
  },
  ownerAccount: {
    id: OWNER,
    username: 'maker',
    email: 'maker@example.com',
    role: 'user',
    coins: 0,
    tier: 'free',
    emailVerified: true,
    suspendedAt: null,
    suspensionReason: null,
    warnings: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  history: [],
  related: [],
};

describe('item actions', () => {
  beforeEach(() => {
    resetClientState();
    setTokens({ accessToken: jwt(), refreshToken: 'r' });
    setStoredUser(makeUser({ role: 'moderator' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('needs a reason, then hides the character with it', async () => {
    const api = mockApi({
      [`POST /api/admin/content/character/${CHAR}/actions`]: () => json({ message: 'Aria is hidden.', auditId: item.id }),
    });
    renderWithProviders(
      <MemoryRouter>
        <ItemActions item={item} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.getByRole('alert').textContent).toBe('Give a reason (at least 3 characters): it goes into the audit log.');
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Minor-coded greeting' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    await waitFor(() =>
      expect(api.callsTo(`POST /api/admin/content/character/${CHAR}/actions`)[0]?.body).toEqual({
        action: 'hide',
        reason: 'Minor-coded greeting',
      }),
    );
    screen.getByRole('button', { name: 'Suspend' });
    screen.getByRole('button', { name: 'Dismiss' });
  });

  it('lets administrators mark the character premium (with the reason); moderators do not see it', async () => {
    const premiumItem = { ...item, context: { ...item.context!, premium: false } };
    const { unmount } = renderWithProviders(
      <MemoryRouter>
        <ItemActions item={premiumItem} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('button', { name: 'Mark premium' })).toBeNull();
    unmount();

    setStoredUser(makeUser({ role: 'admin' }));
    const api = mockApi({
      [`PUT /api/admin/characters/${CHAR}/premium`]: () =>
        json({ message: 'Aria is premium now: chatting with it needs a membership with premium characters.', auditId: item.id }),
    });
    renderWithProviders(
      <MemoryRouter>
        <ItemActions item={premiumItem} />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Featured story' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark premium' }));
    await waitFor(() =>
      expect(api.callsTo(`PUT /api/admin/characters/${CHAR}/premium`)[0]?.body).toEqual({ premium: true, reason: 'Featured story' }),
    );
  });

  it('offers to take premium away from a premium character', () => {
    setStoredUser(makeUser({ role: 'admin' }));
    renderWithProviders(
      <MemoryRouter>
        <ItemActions item={{ ...item, context: { ...item.context!, premium: true } }} />
      </MemoryRouter>,
    );
    screen.getByRole('button', { name: 'Remove premium' });
  });

  it('tells a non-staff account the console is not for them', () => {
    renderWithProviders(
      <MemoryRouter>
        <AdminError error={Object.assign(new Error('403'), { status: 403 })} onRetry={() => {}} />
      </MemoryRouter>,
    );
    screen.getByRole('heading', { name: 'This area is for moderators and administrators' });
  });

  it('shows only pictures served by this server', () => {
    expect(localImage('/media/characters/a.webp')).toBe('/media/characters/a.webp');
    expect(localImage('https://lh3.googleusercontent.com/a')).toBeNull();
    expect(localImage('//evil.example/x.png')).toBeNull();
    expect(localImage(null)).toBeNull();
  });
});

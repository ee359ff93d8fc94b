import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Persona } from '@reverie/shared';
import { signIn } from '@/test/characters';
import { apiError, json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { PersonasCard } from './personas-card';

const persona = (over: Partial<Persona> = {}): Persona => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Captain Ro',
  description: 'A retired smuggler.',
  pronouns: 'she/her',
  avatarUrl: null,
  isDefault: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('Settings › Personas', () => {
  beforeEach(() => {
    resetClientState();
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('starts empty, creates a persona with pronouns and a counted description, and lists it as the default', async () => {
    let items: Persona[] = [];
    const api = mockApi({
      'GET /api/personas': () => json({ items, max: 20 }),
      'POST /api/personas': (init) => {
        const body = JSON.parse(init.body as string) as { name: string; description: string; pronouns: string | null };
        items = [persona({ name: body.name, description: body.description, pronouns: body.pronouns })];
        return json(items[0], 201);
      },
    });
    renderWithProviders(<PersonasCard />);
    expect(await screen.findByText('No personas yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create a persona' }));
    const form = await screen.findByRole('form', { name: 'New persona' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Captain Ro' } });
    fireEvent.click(within(form).getByRole('button', { name: 'she/her' }));
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'A retired smuggler.' } });
    expect(within(form).getByText('19/2,000')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Create persona' }));
    await waitFor(() => expect(api.callsTo('POST /api/personas')).toHaveLength(1));
    expect(api.callsTo('POST /api/personas')[0]!.body).toEqual({
      name: 'Captain Ro',
      description: 'A retired smuggler.',
      pronouns: 'she/her',
    });
    const row = await screen.findByTestId('persona-row');
    expect(within(row).getByText('Captain Ro')).toBeTruthy();
    expect(within(row).getByText('Default')).toBeTruthy();
    expect(screen.getByText('1 of 20 personas')).toBeTruthy();
  });

  it('shows the server refusal in the form and keeps what was typed', async () => {
    mockApi({
      'GET /api/personas': () => json({ items: [], max: 20 }),
      'POST /api/personas': () => apiError(422, 'This persona description breaks the content policy.'),
    });
    renderWithProviders(<PersonasCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create a persona' }));
    const form = await screen.findByRole('form', { name: 'New persona' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Lily' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create persona' }));
    expect((await within(form).findByRole('alert')).textContent).toMatch(/breaks the content policy/);
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Lily');
  });

  it('deletes only after confirming', async () => {
    let items = [persona(), persona({ id: '00000000-0000-4000-8000-000000000002', name: 'Kit', isDefault: false })];
    const api = mockApi({
      'GET /api/personas': () => json({ items, max: 20 }),
      'DELETE /api/personas/00000000-0000-4000-8000-000000000002': () => {
        items = items.slice(0, 1);
        return json({ success: true });
      },
    });
    renderWithProviders(<PersonasCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Kit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Kit?' });
    expect(api.callsTo('DELETE /api/personas/00000000-0000-4000-8000-000000000002')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete persona' }));
    await waitFor(() => expect(screen.getAllByTestId('persona-row')).toHaveLength(1));
  });
});

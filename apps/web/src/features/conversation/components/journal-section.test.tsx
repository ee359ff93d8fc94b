import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JournalMemory, MemoryJournal } from '@reverie/shared';
import { apiError, json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { signIn } from '@/test/characters';
import { JournalSection } from './journal-section';

const CONV = '00000000-0000-4000-8000-000000000011';
const URL = `/api/conversations/${CONV}/memories`;

const memory = (id: number, over: Partial<JournalMemory> = {}): JournalMemory => ({
  id: `00000000-0000-4000-8000-0000000001${String(id).padStart(2, '0')}`,
  text: `Memory ${id}`,
  pinned: false,
  source: 'user',
  messageIds: [],
  createdAt: '2026-03-02T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  ...over,
});
const journal = (items: JournalMemory[]): MemoryJournal => ({ items, max: 200 });

describe('the journal section of the memory panel', () => {
  beforeEach(resetClientState);
  afterEach(() => vi.unstubAllGlobals());

  it('says how memories come when there are none, and adds one', async () => {
    signIn();
    const added = memory(1, { text: 'You adopted a cat named Miso.' });
    let items: JournalMemory[] = [];
    const api = mockApi({
      [`GET ${URL}`]: () => json(journal(items)),
      [`POST ${URL}`]: () => ((items = [added]), json(added, 201)),
    });
    renderWithProviders(<JournalSection conversationId={CONV} />);
    await screen.findByText('No memories yet. Add one, or they will appear as you chat.');
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('A memory to add'), { target: { value: '  You adopted a cat named Miso. ' } });
    fireEvent.click(add);
    await waitFor(() => expect(api.callsTo(`POST ${URL}`)[0]?.body).toEqual({ text: 'You adopted a cat named Miso.' }));
    const list = await screen.findByRole('list', { name: 'Memories' });
    within(list).getByText('You adopted a cat named Miso.');
    expect((screen.getByLabelText('A memory to add') as HTMLInputElement).value).toBe('');
  });

  it('shows the text as text, marks pinned and model-written memories, and pins, edits and forgets', async () => {
    signIn();
    const pinned = memory(1, { text: 'You love <b>fado</b>.', pinned: true });
    const noted = memory(2, { text: 'You work nights.', source: 'model' });
    const api = mockApi({
      [`GET ${URL}`]: () => json(journal([pinned, noted])),
      [`PATCH ${URL}/${noted.id}`]: (init) => json({ ...noted, ...(JSON.parse(init.body as string) as object) }),
      [`DELETE ${URL}/${pinned.id}`]: () => json(journal([noted])),
    });
    renderWithProviders(<JournalSection conversationId={CONV} />);
    const list = await screen.findByRole('list', { name: 'Memories' });
    const [first, second] = within(list).getAllByRole('listitem');
    within(first!).getByText('You love <b>fado</b>.');
    expect(first!.querySelector('b')).toBeNull();
    within(first!).getByLabelText('Pinned');
    within(second!).getByText('(noted by the model)');

    fireEvent.click(within(second!).getByRole('button', { name: 'Pin “You work nights.”' }));
    await waitFor(() => expect(api.callsTo(`PATCH ${URL}/${noted.id}`)[0]?.body).toEqual({ pinned: true }));

    fireEvent.click(within(second!).getByRole('button', { name: 'Edit “You work nights.”' }));
    const field = screen.getByLabelText('Edit the memory');
    fireEvent.change(field, { target: { value: 'You work days now.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`PATCH ${URL}/${noted.id}`)[1]?.body).toEqual({ text: 'You work days now.' }));
    await waitFor(() => expect(screen.queryByLabelText('Edit the memory')).toBeNull());

    fireEvent.click(within(first!).getByRole('button', { name: 'Forget “You love <b>fado</b>.”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forget this memory?' });
    expect(api.callsTo(`DELETE ${URL}/${pinned.id}`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forget' }));
    await screen.findByText('Memory forgotten');
    await waitFor(() => expect(screen.queryByText('You love <b>fado</b>.')).toBeNull());
    expect(api.callsTo(`DELETE ${URL}/${pinned.id}`)).toHaveLength(1);
  });

  it('says why an add was refused and keeps what was typed', async () => {
    signIn();
    mockApi({
      [`GET ${URL}`]: () => json(journal([memory(1)])),
      [`POST ${URL}`]: () => apiError(409, 'This journal already holds 200 memories, the most it can keep.'),
    });
    renderWithProviders(<JournalSection conversationId={CONV} />);
    await screen.findByText('Memory 1');
    fireEvent.change(screen.getByLabelText('A memory to add'), { target: { value: 'One more.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText('Memory not added');
    screen.getByText('This journal already holds 200 memories, the most it can keep.');
    expect((screen.getByLabelText('A memory to add') as HTMLInputElement).value).toBe('One more.');
  });

  it('shows a full journal instead of the field, and an error with a retry when loading fails', async () => {
    signIn();
    mockApi({ [`GET ${URL}`]: () => json({ items: [memory(1)], max: 1 }) });
    const { unmount } = renderWithProviders(<JournalSection conversationId={CONV} />);
    await screen.findByText('The journal is full (1 memories). Forget one to add another.');
    expect(screen.queryByLabelText('A memory to add')).toBeNull();
    unmount();
    resetClientState();
    signIn();
    let fail = true;
    mockApi({
      [`GET ${URL}`]: () => (fail ? apiError(404, 'This conversation was not found. It may have been deleted.') : json(journal([]))),
    });
    renderWithProviders(<JournalSection conversationId={CONV} />);
    const alert = await screen.findByRole('alert');
    within(alert).getByText('This conversation was not found. It may have been deleted.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('No memories yet. Add one, or they will appear as you chat.');
  });
});

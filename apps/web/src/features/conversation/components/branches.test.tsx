import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation, useSearchParams } from 'react-router';
import type { ChatBranch, ChatBranchTree } from '@reverie/shared';
import { json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { signIn } from '@/test/characters';
import { placeBranches, useBranches } from './branches';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const CHARACTER = id(9);

function branch(n: number, parentId: string | null, extra: Partial<ChatBranch> = {}): ChatBranch {
  return {
    id: id(n),
    parentId,
    title: n === 1 ? 'Main' : `Branch ${n}`,
    position: n,
    forkPoint: parentId ? { messageId: id(8), role: 'user', preview: `Fork ${n}` } : null,
    messageCount: 3,
    groupId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

// Main → Branch 2 → Branch 4, and Main → Branch 3.
const TREE: ChatBranchTree = {
  characterId: CHARACTER,
  currentId: id(2),
  items: [branch(1, null), branch(2, id(1)), branch(3, id(1)), branch(4, id(2))],
};

function Harness({ conversationId }: { conversationId: string }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const b = useBranches({ characterId: CHARACTER, conversationId, explain: () => false });
  return (
    <>
      <p data-testid="address">{params.get('conversation') ?? ''}</p>
      <p data-testid="path">{location.pathname}</p>
      {b.button}
      {b.dialog}
    </>
  );
}

describe('placeBranches', () => {
  it('orders the tree depth first with each branch under its parent; an orphan is a top', () => {
    const placed = placeBranches([...TREE.items, branch(5, id(7))]);
    expect(placed.map((p) => [p.branch.title, p.depth])).toEqual([
      ['Main', 0],
      ['Branch 2', 1],
      ['Branch 4', 2],
      ['Branch 3', 1],
      ['Branch 5', 0],
    ]);
  });
});

describe('branches in the chat header', () => {
  beforeEach(resetClientState);
  afterEach(() => vi.unstubAllGlobals());

  it('says which branch this is, lists the tree with fork points, switches, and deletes one after confirming', async () => {
    signIn();
    const api = mockApi({
      [`GET /api/conversations/${id(2)}/branches`]: () => json(TREE),
      [`DELETE /api/conversations/${id(3)}`]: () => json({ success: true, message: 'Conversation deleted' }),
    });
    renderWithProviders(
      <MemoryRouter>
        <Harness conversationId={id(2)} />
      </MemoryRouter>,
    );
    const button = await screen.findByRole('button', { name: 'Branch 2, 2 of 4 branches. Switch branch' });
    expect(button.textContent).toContain('Branch 2 of 4');
    fireEvent.click(button);
    const tree = within(await screen.findByRole('dialog', { name: 'Branches' })).getByTestId('branch-tree');
    const rows = within(tree).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getAllByRole('button')[0]!.textContent)).toEqual([
      expect.stringContaining('Main'),
      expect.stringContaining('Branch 2'),
      expect.stringContaining('Branch 4'),
      expect.stringContaining('Branch 3'),
    ]);
    expect(rows.map((r) => r.style.paddingLeft)).toEqual(['0rem', '1.75rem', '3.5rem', '1.75rem']);
    expect(rows[1]!.textContent).toContain('You are here');
    expect(rows[1]!.textContent).toContain('From your message “Fork 2”');

    // Delete Branch 3: asked first, then the conversation is deleted and the tree read again.
    fireEvent.click(within(tree).getByRole('button', { name: 'Delete Branch 3' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Branch 3?' });
    expect(api.callsTo(`DELETE /api/conversations/${id(3)}`)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete branch' }));
    await waitFor(() => expect(api.callsTo(`DELETE /api/conversations/${id(3)}`)).toHaveLength(1));
    await waitFor(() => expect(api.callsTo(`GET /api/conversations/${id(2)}/branches`).length).toBeGreaterThan(1));

    // Picking another branch opens it (the address names it).
    fireEvent.click(within(tree).getAllByRole('button', { name: /^Main/ })[0]!);
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe(id(1)));
  });

  it("opens a group chat's branch at its own page", async () => {
    signIn();
    const group = (n: number) => `0c6a3d1e-0000-4000-8000-00000000000${n}`;
    const groupTree: ChatBranchTree = {
      ...TREE,
      items: [branch(1, null, { groupId: group(1) }), branch(2, id(1), { groupId: group(2) })],
    };
    mockApi({ [`GET /api/conversations/${id(2)}/branches`]: () => json(groupTree) });
    renderWithProviders(
      <MemoryRouter initialEntries={[`/group/${group(2)}`]}>
        <Harness conversationId={id(2)} />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Branch 2, 2 of 2 branches. Switch branch' }));
    const tree = within(await screen.findByRole('dialog', { name: 'Branches' })).getByTestId('branch-tree');
    fireEvent.click(within(tree).getAllByRole('button', { name: /^Main/ })[0]!);
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe(`/group/${group(1)}`));
    expect(screen.getByTestId('address').textContent).toBe('');
  });

  it('shows nothing for a conversation without branches', async () => {
    signIn();
    const api = mockApi({
      [`GET /api/conversations/${id(1)}/branches`]: () => json({ ...TREE, currentId: id(1), items: [branch(1, null)] }),
    });
    renderWithProviders(
      <MemoryRouter>
        <Harness conversationId={id(1)} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(api.callsTo(`GET /api/conversations/${id(1)}/branches`)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /Switch branch/ })).toBeNull();
  });
});

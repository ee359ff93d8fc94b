// Branches of a conversation: "Branch from here" on a message, the header's "Branch 2 of 3", and the dialog that
// switches between them (an indented tree from 1024 px, a list on phones) and deletes one (its branches stay).
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { GitBranch, Trash2 } from 'lucide-react';
import type { ChatBranch, ChatBranchTree, ChatMessage } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { timeAgo } from '@/lib/format';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useDeleteBranch } from '../api/delete-branch';
import { useForkBranch } from '../api/fork-branch';
import { useBranchTree } from '../api/get-branches';

interface Options {
  characterId: string;
  /** The conversation on screen. */
  conversationId: string;
  /** Shows a failure it knows (see useChatProblem); false lets the action toast its own. */
  explain: (error: unknown) => boolean;
}

/** The branch state of the conversation on screen: fork from a message, the header's button, the dialog. */
/** "Branch from here": a new branch of the conversation up to a message, opened at once. */
function useBranchFrom({ characterId, conversationId, explain }: Options) {
  const switchTo = useOpenBranch();
  const fork = useForkBranch(characterId);
  const branchFrom = (m: ChatMessage) =>
    fork.mutate(
      { conversationId, messageId: m.id },
      {
        onSuccess: ({ branch }) => {
          switchTo(branch);
          toast({ title: `${branch.title} made`, description: 'You are on it now. The other branches are kept.', variant: 'success' });
        },
        onError: (error) => {
          if (!explain(error))
            toast({ title: 'No branch made', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
        },
      },
    );
  return { forking: fork.isPending, branchFrom };
}

export function useBranches({ characterId, conversationId, explain }: Options) {
  const switchTo = useOpenBranch();
  const tree = useBranchTree(conversationId);
  const fork = useBranchFrom({ characterId, conversationId, explain });
  const [open, setOpen] = useState(false);
  // Message counts and activity move on as the chat goes on: read the tree again when it is opened.
  const openDialog = () => {
    setOpen(true);
    void tree.refetch();
  };

  const current = tree.data?.items.find((b) => b.id === conversationId);
  const count = tree.data?.items.length ?? 0;
  return {
    forking: fork.forking,
    branchFrom: fork.branchFrom,
    /** The header's "Branch 2 of 3" from 640 px (only once the conversation has branches). */
    button:
      current && count > 1 ? (
        <Button
          size="sm"
          variant="ghost"
          className="hidden sm:inline-flex"
          onClick={openDialog}
          aria-label={`${current.title}, ${current.position} of ${count} branches. Switch branch`}
          title={`${current.title} (${current.position} of ${count}): switch branch`}
        >
          <GitBranch />
          {/* The words where the header has room (not beside the sidebar and the memory, 1024–1535 px). */}
          <span className="hidden lg:inline 2xl:hidden">
            {current.position}/{count}
          </span>
          <span className="lg:hidden 2xl:inline">{label(current, count)}</span>
        </Button>
      ) : null,
    /** On phones the header has no room left: the same, as a line under it. */
    strip:
      current && count > 1 ? (
        <button
          type="button"
          onClick={openDialog}
          aria-label={`${current.title}, ${current.position} of ${count} branches. Switch branch`}
          className="flex h-10 w-full shrink-0 items-center gap-2 border-b border-border px-4 text-sm text-fg-muted hover:bg-surface-hover focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none focus-visible:ring-inset sm:hidden"
        >
          <GitBranch className="size-4 text-primary" aria-hidden="true" />
          <span className="font-medium text-fg">{label(current, count)}</span>
          <span className="ml-auto text-fg-subtle">Switch ›</span>
        </button>
      ) : null,
    dialog: (
      <BranchesDialog
        open={open}
        onOpenChange={setOpen}
        characterId={characterId}
        conversationId={conversationId}
        tree={tree.data}
        loading={tree.isPending}
        failed={tree.isError}
        onRetry={() => void tree.refetch()}
        onSwitch={(branch) => {
          setOpen(false);
          if (branch.id !== conversationId) switchTo(branch);
        }}
      />
    ),
  };
}

/**
 * Opens a branch: a one-to-one branch in this page (`?conversation=`), a group chat's branch, a group chat of its own,
 * at its page.
 */
function useOpenBranch() {
  const [, setParams] = useSearchParams();
  const navigate = useNavigate();
  return (branch: Pick<ChatBranch, 'id' | 'groupId'>) =>
    branch.groupId ? void navigate(`/group/${branch.groupId}`) : setParams({ conversation: branch.id });
}

const label = (b: ChatBranch, count: number) => (b.position === 1 ? `Main of ${count}` : `Branch ${b.position} of ${count}`);

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  characterId: string;
  conversationId: string;
  tree: ChatBranchTree | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onSwitch: (branch: ChatBranch) => void;
}

/** A branch with its depth in the tree, parents before children. */
interface Placed {
  branch: ChatBranch;
  depth: number;
  parent: ChatBranch | undefined;
}

/** Depth-first, children in the order they were made; a branch whose parent is gone is a top of the tree. */
export function placeBranches(items: ChatBranch[]): Placed[] {
  const byId = new Map(items.map((b) => [b.id, b]));
  const children = new Map<string | null, ChatBranch[]>();
  for (const b of items) {
    const key = b.parentId && byId.has(b.parentId) ? b.parentId : null;
    children.set(key, [...(children.get(key) ?? []), b]);
  }
  const out: Placed[] = [];
  const walk = (parentId: string | null, depth: number) => {
    for (const b of (children.get(parentId) ?? []).sort((x, y) => x.position - y.position)) {
      out.push({ branch: b, depth, parent: parentId ? byId.get(parentId) : undefined });
      walk(b.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

function BranchesDialog({ open, onOpenChange, characterId, conversationId, tree, loading, failed, onRetry, onSwitch }: DialogProps) {
  const switchTo = useOpenBranch();
  const remove = useDeleteBranch(characterId);
  const [toDelete, setToDelete] = useState<ChatBranch | null>(null);
  const placed = tree ? placeBranches(tree.items) : [];
  const canDelete = placed.length > 1;

  const confirmDelete = () => {
    const b = toDelete;
    if (!b) return;
    remove.mutate(b.id, {
      onSuccess: () => {
        setToDelete(null);
        toast({ title: `${b.title} deleted`, description: 'The other branches are kept.', variant: 'success' });
        // Deleting the branch on screen: its parent (or the tree's first branch left) opens instead.
        if (b.id === conversationId) {
          const next =
            (b.parentId && placed.find((p) => p.branch.id === b.parentId)?.branch) || placed.find((p) => p.branch.id !== b.id)?.branch;
          if (next) switchTo(next);
        }
      },
      onError: (error) => {
        setToDelete(null);
        toast({ title: 'Not deleted', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
      },
    });
  };

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="max-h-[85dvh] overflow-y-auto lg:max-w-2xl">
          <DialogHeader>
            <DialogTitle>Branches</DialogTitle>
            <DialogDescription>
              Each branch keeps its own story from the message it was made at. Pick one to switch to it.
            </DialogDescription>
          </DialogHeader>
          {loading ? (
            <Skeleton className="h-32 w-full" />
          ) : failed || !tree ? (
            <div className="flex flex-col items-start gap-2 text-sm text-fg-muted" role="alert">
              The branches could not be loaded.
              <Button size="sm" variant="secondary" onClick={onRetry}>
                Try again
              </Button>
            </div>
          ) : (
            <>
              <BranchTreeView
                placed={placed}
                currentId={conversationId}
                onSwitch={onSwitch}
                onDelete={canDelete ? setToDelete : undefined}
              />
              <BranchListView
                placed={placed}
                currentId={conversationId}
                onSwitch={onSwitch}
                onDelete={canDelete ? setToDelete : undefined}
              />
            </>
          )}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title={`Delete ${toDelete?.title ?? 'this branch'}?`}
        description="Its messages are removed for good. The other branches are kept; branches made from this one move under its parent."
        confirmLabel="Delete branch"
        busyLabel="Deleting…"
        busy={remove.isPending}
        destructive
        onConfirm={confirmDelete}
      />
    </>
  );
}

interface ViewProps {
  placed: Placed[];
  currentId: string;
  onSwitch: (branch: ChatBranch) => void;
  onDelete?: (b: ChatBranch) => void;
}

function ForkPoint({ branch }: { branch: ChatBranch }) {
  if (!branch.parentId) return <span className="text-fg-subtle">The first conversation</span>;
  if (!branch.forkPoint) return <span className="text-fg-subtle">Made from a message since deleted</span>;
  return (
    <span className="text-fg-subtle">
      From {branch.forkPoint.role === 'user' ? 'your message' : 'the reply'} “
      <span className="text-fg-muted">{branch.forkPoint.preview}</span>”
    </span>
  );
}

function Facts({ branch }: { branch: ChatBranch }) {
  return (
    <span className="text-xs text-fg-subtle">
      {branch.messageCount} {branch.messageCount === 1 ? 'message' : 'messages'} · {timeAgo(branch.updatedAt)}
    </span>
  );
}

function DeleteButton({ branch, onDelete }: { branch: ChatBranch; onDelete?: (b: ChatBranch) => void }) {
  if (!onDelete) return null;
  return (
    <Button size="icon-sm" variant="ghost" aria-label={`Delete ${branch.title}`} title="Delete branch" onClick={() => onDelete(branch)}>
      <Trash2 />
    </Button>
  );
}

const pick =
  'min-w-0 flex-1 rounded-xl px-3 py-2 text-left hover:bg-surface-hover focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none';

/** From 1024 px: the tree, indented under each branch's parent, with the message each was made from. */
function BranchTreeView({ placed, currentId, onSwitch, onDelete }: ViewProps) {
  return (
    <ul className="hidden flex-col gap-1 lg:flex" aria-label="Branch tree" data-testid="branch-tree">
      {placed.map(({ branch, depth }) => {
        const here = branch.id === currentId;
        return (
          <li key={branch.id} className="flex items-stretch" style={{ paddingLeft: `${depth * 1.75}rem` }}>
            {depth > 0 ? (
              <span
                aria-hidden="true"
                className="mr-2 w-3 shrink-0 rounded-bl-lg border-b-2 border-l-2 border-border-strong"
                style={{ marginBottom: '1.4rem' }}
              />
            ) : null}
            <div
              className={cn('flex min-w-0 flex-1 items-center gap-1 rounded-xl ring-1 ring-border', here && 'bg-primary/10 ring-primary')}
            >
              <button type="button" className={pick} onClick={() => onSwitch(branch)} aria-current={here ? 'true' : undefined}>
                <span className="flex items-center gap-2 text-sm font-semibold text-fg">
                  <GitBranch className="size-4 text-primary" aria-hidden="true" />
                  {branch.title}
                  {here ? <span className="rounded bg-primary/20 px-1.5 py-0.5 text-xs font-medium text-fg">You are here</span> : null}
                </span>
                <span className="mt-0.5 block truncate text-sm">
                  <ForkPoint branch={branch} />
                </span>
                <Facts branch={branch} />
              </button>
              <DeleteButton branch={branch} onDelete={onDelete} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Below 1024 px: one branch a row, each saying which branch it was made from. */
function BranchListView({ placed, currentId, onSwitch, onDelete }: ViewProps) {
  return (
    <ul className="flex flex-col gap-2 lg:hidden" aria-label="Branches" data-testid="branch-list">
      {placed.map(({ branch, parent }) => {
        const here = branch.id === currentId;
        return (
          <li
            key={branch.id}
            className={cn('flex items-center gap-1 rounded-xl bg-surface-raised ring-1 ring-border', here && 'ring-primary')}
          >
            <button type="button" className={pick} onClick={() => onSwitch(branch)} aria-current={here ? 'true' : undefined}>
              <span className="block text-sm font-semibold text-fg">
                {branch.title}
                {parent ? <span className="font-normal text-fg-subtle"> · from {parent.title}</span> : null}
                {here ? <span className="font-normal text-primary"> · you are here</span> : null}
              </span>
              <span className="line-clamp-2 text-sm">
                <ForkPoint branch={branch} />
              </span>
              <Facts branch={branch} />
            </button>
            <DeleteButton branch={branch} onDelete={onDelete} />
          </li>
        );
      })}
    </ul>
  );
}

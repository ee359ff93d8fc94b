import { Link } from 'react-router';
import type { SubjectContext as Context } from '@reverie/shared';
import { cn } from '@/lib/utils';
import { localImage } from '../lib/local-image';
import { FactList, Panel, TextBlock } from './fact-list';

/** The reported content as moderators see it: facts, the text, its picture when it is on this server. */
export function SubjectContext({ context }: { context: Context }) {
  const image = localImage(context.imageUrl);
  const state = context.moderation;
  return (
    <Panel
      title={`The ${context.ref.type}`}
      action={
        context.ref.url && !context.missing ? (
          <Link to={context.ref.url} className="text-sm font-medium text-primary hover:underline">
            Open its page
          </Link>
        ) : null
      }
    >
      <div className="flex gap-4">
        {image ? (
          <img
            src={image}
            // A picture is the content itself: shown larger, and described for screen readers.
            alt={context.ref.type === 'image' ? `The reported picture (${context.ref.label})` : ''}
            className={cn(
              'shrink-0 rounded-xl object-cover ring-1 ring-border',
              context.ref.type === 'image' ? 'h-40 w-28 sm:h-48 sm:w-32' : 'size-20',
            )}
          />
        ) : null}
        <div className="grid min-w-0 gap-1">
          <p className="text-lg font-semibold break-words text-fg">{context.ref.label}</p>
          {context.missing ? <p className="text-sm text-danger">It no longer exists.</p> : null}
          {state?.hidden ? (
            <p className="text-sm text-danger">Hidden by moderators{state.hold === 'suspended' ? ' (owner suspended)' : ''}.</p>
          ) : null}
          {state?.removed ? <p className="text-sm text-danger">Removed by moderators.</p> : null}
        </div>
      </div>
      {context.facts.length ? <FactList facts={context.facts.map((f) => [f.label, f.value])} /> : null}
      {context.excerpt ? <TextBlock>{context.excerpt}</TextBlock> : null}
    </Panel>
  );
}

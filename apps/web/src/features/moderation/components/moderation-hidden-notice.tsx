import { Link } from 'react-router';
import { EyeOff } from 'lucide-react';

/** Shown to the owner of a character that moderators hid: what it means and how to ask for a review. */
export function ModerationHiddenNotice() {
  return (
    <div
      role="note"
      className="mb-4 flex items-start gap-3 rounded-2xl border border-danger/30 bg-danger-strong/10 p-4 text-sm text-fg-muted"
    >
      <EyeOff className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
      <p>
        <span className="font-semibold text-fg">Hidden by moderators.</span> Only you can see this character; it stays private until the
        moderators restore it. The reason is in your notifications.{' '}
        <Link to="/support" className="font-medium text-primary hover:underline">
          Ask for a review
        </Link>
        .
      </p>
    </div>
  );
}

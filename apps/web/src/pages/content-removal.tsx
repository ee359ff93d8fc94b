import { Link, useSearchParams } from 'react-router';
import { FileWarning } from 'lucide-react';
import { Page } from '@/components/page/page';
import { useSession } from '@/features/auth';
import { ContentRemovalForm } from '@/features/support';

/** Only addresses of this site are filled in from `?url=` (the Report menu passes the page it was opened on). */
function subjectFrom(param: string | null): string {
  if (!param) return '';
  try {
    const url = new URL(param, window.location.origin);
    return url.origin === window.location.origin ? url.toString() : '';
  } catch {
    return '';
  }
}

/** /content-removal: for anyone, signed in or not (product.md §7 POST /api/content-removal/request). */
export default function ContentRemovalPage() {
  const [params] = useSearchParams();
  const { user } = useSession();
  const link = 'font-medium text-primary hover:underline';
  return (
    <Page
      title="Request content removal"
      description="Tell us about a character, image or other content on Reverie that should not be here. You do not need an account."
      icon={<FileWarning />}
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
        <div className="rounded-2xl bg-surface p-5 ring-1 ring-border sm:p-6">
          {/* Keyed by the session so a sign-in fills the e-mail address in. */}
          <ContentRemovalForm
            key={user?.id ?? 'guest'}
            initial={{ subjectUrl: subjectFrom(params.get('url')), contactEmail: user?.email ?? '' }}
          />
        </div>
        <aside className="grid gap-3 rounded-2xl bg-surface/60 p-5 text-sm text-fg-muted ring-1 ring-border">
          <h2 className="text-base font-semibold text-fg">What happens next</h2>
          <p>
            We e-mail you a reference number at once. A person reviews the request, acts on it if it breaks our rules or the law, and writes
            to you with the outcome.
          </p>
          <p>
            Copyright notices follow the{' '}
            <Link to="/legal/dmca-notice" className={link}>
              DMCA Notice
            </Link>
            . What is never allowed is in the{' '}
            <Link to="/legal/blocked-content-policy" className={link}>
              Blocked Content Policy
            </Link>
            , and how we decide in the{' '}
            <Link to="/legal/content-policy" className={link}>
              Content Policy
            </Link>
            .
          </p>
          <p>
            Members can also use <span className="font-medium text-fg">Report</span> on a character, image, chat reply or profile, or write
            to{' '}
            <Link to="/support" className={link}>
              support
            </Link>
            .
          </p>
        </aside>
      </div>
    </Page>
  );
}

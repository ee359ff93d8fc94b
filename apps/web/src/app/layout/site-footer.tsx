import { Link } from 'react-router';

/** The footer links (product.md §2 routes): legal pages, help and content removal. */
export const FOOTER_LINKS = [
  { label: 'Terms', to: '/legal/terms-of-service' },
  { label: 'Privacy', to: '/legal/privacy-policy' },
  { label: '2257', to: '/legal/2257-exemption-statement' },
  { label: 'Content policy', to: '/legal/content-policy' },
  { label: 'Crisis protocol', to: '/legal/crisis-protocol' },
  { label: 'Support & contact', to: '/support' },
  { label: 'Content removal', to: '/content-removal' },
  { label: 'Guides', to: '/guides' },
] as const;

/** Shown under every page of the app shell, for guests too. */
export function SiteFooter() {
  return (
    <footer data-testid="site-footer" className="mt-12 border-t border-border px-4 pt-6 pb-2 text-sm text-fg-subtle sm:px-6">
      <nav aria-label="Legal and help" className="mx-auto max-w-6xl">
        <ul className="flex flex-wrap justify-center gap-x-1 gap-y-1">
          {FOOTER_LINKS.map(({ label, to }) => (
            <li key={to}>
              <Link
                to={to}
                className="inline-flex min-h-11 items-center rounded-lg px-2.5 hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-center text-xs">Reverie is for adults only (18 or over).</p>
      </nav>
    </footer>
  );
}

// The legal routes (product.md §2). The router needs them before any request, so slugs and titles live here; the
// documents themselves, their summaries and dates come from GET /api/legal.
import { LEGAL_SLUGS } from '@reverie/shared/constants';
import type { LegalSlug } from '@reverie/shared/schemas/content';

export interface LegalPageInfo {
  slug: LegalSlug;
  title: string;
}

const TITLES: Record<LegalSlug, string> = {
  'community-guidelines': 'Community Guidelines',
  'privacy-policy': 'Privacy Policy',
  'terms-of-service': 'Terms of Service',
  'content-policy': 'Content Policy',
  'blocked-content-policy': 'Blocked Content Policy',
  'cookie-policy': 'Cookie Policy',
  'dmca-notice': 'DMCA Notice',
  '2257-exemption-statement': '18 U.S.C. 2257 Exemption Statement',
  'age-verification-policy': 'Age Verification Policy',
  'content-provider-compliance': 'Content Provider Compliance',
  'content-safety-compliance': 'Content Safety Compliance',
  'liability-disclaimer': 'Liability Disclaimer',
  'crisis-protocol': 'Crisis Protocol',
};

export const LEGAL_PAGES: readonly LegalPageInfo[] = LEGAL_SLUGS.map((slug) => ({ slug, title: TITLES[slug] }));

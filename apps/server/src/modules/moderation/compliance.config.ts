// The AI-disclosure and crisis-protocol settings (docs/compliance.md, docs/configuration.md), merged into config.ts.
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { trustedHop } from '../../http/trusted-hop.ts';
import { countryOf, loadCrisisResources, type CrisisResources } from './crisis-resources.ts';

export const ComplianceEnvSchema = z.object({
  /** Minutes of chatting between two "you are talking to an AI" notices in a conversation (New York: at most 180). */
  AI_NOTICE_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(180),
  /** The header the operator's CDN or proxy sets to the visitor's country; it only picks which helplines are shown. */
  CRISIS_COUNTRY_HEADER: z
    .string()
    .regex(/^[a-z0-9-]+$/i, 'must be a header name')
    .default('cf-ipcountry'),
  /** A JSON file of crisis resources by country (crisis-resources.ts), added to or replacing the defaults. */
  CRISIS_RESOURCES_FILE: z.string().optional(),
});

export interface ComplianceConfig {
  aiNoticeMinutes: number;
  /** Lower case, as Node names request headers. */
  crisisCountryHeader: string;
  /** The person's country for the helplines: the header, believed only from a proxy hop TRUST_PROXY trusts. */
  crisisCountryOf: (req: CountryRequest) => string | undefined;
  crisisResources: CrisisResources;
}

interface CountryRequest {
  headers: Record<string, string | string[] | undefined>;
  socket?: { remoteAddress?: string };
}

export function complianceConfigFromEnv(e: z.infer<typeof ComplianceEnvSchema>, trust: Config['trustProxy']): ComplianceConfig {
  const header = e.CRISIS_COUNTRY_HEADER.toLowerCase();
  const trusted = trustedHop(trust);
  return {
    aiNoticeMinutes: e.AI_NOTICE_INTERVAL_MINUTES,
    crisisCountryHeader: header,
    crisisCountryOf: (req) => (trusted(req.socket?.remoteAddress) ? countryOf(req.headers[header]) : undefined),
    crisisResources: loadCrisisResources(e.CRISIS_RESOURCES_FILE),
  };
}

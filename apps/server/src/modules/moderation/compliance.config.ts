// The AI-disclosure and crisis-protocol settings (docs/compliance.md, docs/configuration.md), merged into config.ts.
import { z } from 'zod';
import { loadCrisisResources, type CrisisResources } from './crisis-resources.ts';

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
  crisisResources: CrisisResources;
}

export function complianceConfigFromEnv(e: z.infer<typeof ComplianceEnvSchema>): ComplianceConfig {
  return {
    aiNoticeMinutes: e.AI_NOTICE_INTERVAL_MINUTES,
    crisisCountryHeader: e.CRISIS_COUNTRY_HEADER.toLowerCase(),
    crisisResources: loadCrisisResources(e.CRISIS_RESOURCES_FILE),
  };
}

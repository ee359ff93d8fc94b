// The AI-disclosure and crisis-protocol settings (docs/compliance.md, docs/configuration.md), merged into config.ts.
// Where the person is (which helplines they see) is not read here: it is the one location every module reads
// (http/location.ts: GEO_COUNTRY_HEADER from a trusted hop, else GEOIP_DATABASE_PATH, else unknown).
import { z } from 'zod';
import { loadCrisisResources, type CrisisResources } from './crisis-resources.ts';
import { StartupError } from '../../lib/startup-error.ts';

export const ComplianceEnvSchema = z.object({
  /** Minutes of chatting between two "you are talking to an AI" notices in a conversation (New York: at most 180). */
  AI_NOTICE_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(180),
  /** Replaced by GEO_COUNTRY_HEADER (one location for age assurance and the helplines); accepted only when equal to it. */
  CRISIS_COUNTRY_HEADER: z
    .string()
    .regex(/^[a-z0-9-]+$/i, 'must be a header name')
    .optional(),
  /** A JSON file of crisis resources by country (crisis-resources.ts), added to or replacing the defaults. */
  CRISIS_RESOURCES_FILE: z.string().optional(),
});

export interface ComplianceConfig {
  aiNoticeMinutes: number;
  crisisResources: CrisisResources;
}

/** `countryHeader`: GEO_COUNTRY_HEADER, lower case. */
export function complianceConfigFromEnv(e: z.infer<typeof ComplianceEnvSchema>, countryHeader: string): ComplianceConfig {
  const crisisHeader = e.CRISIS_COUNTRY_HEADER?.trim().toLowerCase();
  if (crisisHeader !== undefined && crisisHeader !== countryHeader) {
    throw new StartupError(
      `Invalid configuration: CRISIS_COUNTRY_HEADER=${e.CRISIS_COUNTRY_HEADER} is replaced by GEO_COUNTRY_HEADER (now ${countryHeader}): one location feeds age assurance and the crisis resources; set GEO_COUNTRY_HEADER=${crisisHeader} and remove CRISIS_COUNTRY_HEADER`,
    );
  }
  return {
    aiNoticeMinutes: e.AI_NOTICE_INTERVAL_MINUTES,
    crisisResources: loadCrisisResources(e.CRISIS_RESOURCES_FILE),
  };
}

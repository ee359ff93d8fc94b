// Operator facts printed in the legal pages. Read from the environment at boot (belongs in config.ts when the
// module is wired into the new configuration); unset values render as a visible "set X" reminder, never as an
// invented company.
import { z } from 'zod';
import { StartupError } from '../../lib/startup-error.ts';

const fact = z
  .string()
  .trim()
  .max(300)
  .regex(/^[^\p{Cc}]*$/u, { message: 'must not contain control characters' })
  .optional();

export const OperatorEnv = z.object({
  OPERATOR_NAME: fact,
  OPERATOR_ADDRESS: fact,
  OPERATOR_EMAIL: fact,
  PRIVACY_EMAIL: fact,
  DMCA_AGENT: fact,
  DMCA_EMAIL: fact,
  GOVERNING_LAW: fact,
});

export interface OperatorFacts {
  OPERATOR_NAME: string;
  OPERATOR_ADDRESS: string;
  OPERATOR_EMAIL: string;
  PRIVACY_EMAIL: string;
  DMCA_AGENT: string;
  DMCA_EMAIL: string;
  GOVERNING_LAW: string;
  PUBLIC_URL: string;
}

export type OperatorFactKey = keyof OperatorFacts;

const unset = (key: string) => `[set ${key}]`;

/**
 * The variables the legal pages need that are not set (PRIVACY_EMAIL and DMCA_EMAIL fall back to OPERATOR_EMAIL, so
 * they are never missing on their own). PUBLIC_URL is named when unset: the pages would print a localhost address.
 */
export function unsetOperatorFacts(env: Record<string, string | undefined>): string[] {
  const required = ['OPERATOR_NAME', 'OPERATOR_ADDRESS', 'OPERATOR_EMAIL', 'DMCA_AGENT', 'GOVERNING_LAW', 'PUBLIC_URL'];
  return required.filter((key) => !env[key]?.trim());
}

export function loadOperatorFacts(env: Record<string, string | undefined>, publicUrl: string): OperatorFacts {
  const parsed = OperatorEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new StartupError(`Invalid configuration: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const e = parsed.data;
  const email = e.OPERATOR_EMAIL || unset('OPERATOR_EMAIL');
  return {
    OPERATOR_NAME: e.OPERATOR_NAME || unset('OPERATOR_NAME'),
    OPERATOR_ADDRESS: e.OPERATOR_ADDRESS || unset('OPERATOR_ADDRESS'),
    OPERATOR_EMAIL: email,
    // The privacy and DMCA mailboxes fall back to the general one; the DMCA agent must be named on purpose.
    PRIVACY_EMAIL: e.PRIVACY_EMAIL || email,
    DMCA_AGENT: e.DMCA_AGENT || unset('DMCA_AGENT'),
    DMCA_EMAIL: e.DMCA_EMAIL || email,
    GOVERNING_LAW: e.GOVERNING_LAW || unset('GOVERNING_LAW'),
    PUBLIC_URL: publicUrl.replace(/\/$/, ''),
  };
}

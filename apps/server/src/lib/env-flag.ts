// How a yes/no setting is written in the environment: true/false, 1/0 or yes/no.
import { z } from 'zod';

const FLAG_VALUES = ['true', 'false', '1', '0', 'yes', 'no'] as const;

/** A flag as written, or undefined when unset (for defaults that depend on other settings: see `flagOr`). */
export const optionalEnvFlag = () => z.enum(FLAG_VALUES).optional();

/** A written flag, or `def` when unset. */
export const flagOr = (value: string | undefined, def: boolean): boolean =>
  value === undefined ? def : value === 'true' || value === '1' || value === 'yes';

/** A flag parsed to a boolean, `def` when unset. */
export const envFlag = (def: boolean) => optionalEnvFlag().transform((v) => flagOr(v, def));

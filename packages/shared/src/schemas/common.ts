import { z } from 'zod';

export const IdParam = z.object({ id: z.uuid({ message: 'must be a valid id' }) });
export const SuccessResponse = z.object({ success: z.boolean(), message: z.string().optional() });

// What the sandbox writes beside its objects, inside the same transaction: invoices, and the events that report every
// change to the fulfilment service (stored pending, delivered in order after the commit).
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import type { PaymentEvent } from './payments.ts';
import { iso, sandboxId, type SandboxInvoice } from './sandbox-objects.ts';
import type { SandboxRepo } from './sandbox.repo.ts';

/** A payment event as the sandbox writes it: everything but its id. */
export type SandboxEventInput = PaymentEvent extends infer E ? (E extends { id: string } ? Omit<E, 'id'> : never) : never;

export class SandboxBooks {
  private seq = 0;

  constructor(private readonly clock: Clock) {}

  /** A paid invoice, numbered by the day. */
  async invoice(
    sandbox: SandboxRepo,
    fields: Omit<SandboxInvoice, 'id' | 'number' | 'status' | 'hostedUrl' | 'createdAt'>,
  ): Promise<SandboxInvoice> {
    const now = this.clock.now();
    const invoice: SandboxInvoice = {
      ...fields,
      id: sandboxId('in'),
      number: `SBX-${now.toISOString().slice(0, 10).replaceAll('-', '')}-${randomBytes(3).toString('hex').toUpperCase()}`,
      status: 'paid',
      hostedUrl: null,
      createdAt: iso(now),
    };
    await sandbox.put(invoice.id, 'invoice', fields.userId, invoice);
    return invoice;
  }

  async emit(sandbox: SandboxRepo, event: SandboxEventInput) {
    const evId = sandboxId('evt');
    this.seq += 1;
    await sandbox.put(evId, 'event', null, { ...event, id: evId, seq: this.seq }, true);
  }
}

// A local HTTP server on 127.0.0.1 that answers the Stripe API calls the Stripe provider makes (customers,
// Checkout Sessions, subscriptions, invoices, refunds, Billing Portal), plus helpers that play Stripe's part: complete a
// checkout, refund, dispute, and sign webhook events with the stripe library's test header helper.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Obj = Record<string, unknown>;
const newId = (p: string) => `${p}_test_${randomBytes(8).toString('hex')}`;
const nowSec = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`a[b][0][c]=v`) → nested objects (numeric keys stay object keys). */
function parseForm(body: string): Obj {
  const out: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, '').split('[');
    let node = out;
    path.forEach((k, i) => {
      if (i === path.length - 1) node[k] = value;
      else node = (node[k] ??= {}) as Obj;
    });
  }
  return out;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  requests: { method: string; path: string; body: Obj }[];
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  invoices: Map<string, Obj>;
  /** Refunds created through the API (POST /v1/refunds). */
  refunds: Obj[];
  /** Pays a checkout session the way Stripe would after the buyer entered a card (creates the subscription). */
  complete(sessionId: string): { session: Obj; subscription?: Obj; invoice?: Obj };
  /** A signed webhook delivery for an event about `object`. */
  event(
    type: string,
    object: Obj,
    opts?: { id?: string; timestamp?: number; secret?: string },
  ): { payload: string; signature: string; id: string };
  close(): Promise<void>;
}

/** The settings of an app in Stripe mode against this fake (prices for premium and ultimate, monthly). */
export function stripeEnv(stripe: FakeStripe): Record<string, string> {
  return {
    PAYMENTS_MODE: 'stripe',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
    STRIPE_PRICES: JSON.stringify({ premium_monthly: 'price_premium_m', ultimate_monthly: 'price_ultimate_m' }),
    PUBLIC_URL: 'https://reverie.test',
  };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = 'sk_test_fake';
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const refunds: Obj[] = [];
  const requests: FakeStripe['requests'] = [];
  const signer = new Stripe(secretKey);

  const notFound = () => ({ status: 404, body: { error: { type: 'invalid_request_error', message: 'No such object' } } });

  function handle(method: string, path: string, body: Obj): { status: number; body: unknown } {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const c = { id: newId('cus'), object: 'customer', email: body.email, metadata: body.metadata ?? {} };
      customers.set(c.id, c);
      return { status: 200, body: c };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const items = body.line_items as Record<string, Obj>;
      const item = items['0'] as Obj;
      const priceData = item.price_data as Obj | undefined;
      const s: Obj = {
        id: newId('cs'),
        object: 'checkout.session',
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer: body.customer,
        client_reference_id: body.client_reference_id,
        metadata: body.metadata ?? {},
        amount_total: priceData ? Number(priceData.unit_amount) : 999,
        currency: priceData?.currency ?? 'usd',
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        subscription: null,
        invoice: null,
        payment_intent: null,
        created: nowSec(),
        _price: item.price ?? 'price_inline',
        _interval: (priceData?.recurring as Obj | undefined)?.interval ?? 'month',
      };
      s.url = `https://checkout.stripe.test/c/pay/${s.id}`;
      sessions.set(s.id as string, s);
      return { status: 200, body: s };
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/([\w]+)$/))) {
      const s = sessions.get(m[1]!);
      if (!s) return notFound();
      const pi = s.payment_intent
        ? {
            id: s.payment_intent,
            object: 'payment_intent',
            payment_method: { id: 'pm_x', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } },
          }
        : null;
      return { status: 200, body: { ...s, payment_intent: pi } };
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([\w]+)$/))) {
      const sub = subscriptions.get(m[1]!);
      if (!sub) return notFound();
      if (method === 'GET') return { status: 200, body: sub };
      if (method === 'DELETE') {
        Object.assign(sub, { status: 'canceled', canceled_at: nowSec(), ended_at: nowSec() });
        return { status: 200, body: sub };
      }
      if (method === 'POST') {
        if (body.cancel_at_period_end !== undefined) {
          sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
          sub.canceled_at = sub.cancel_at_period_end ? nowSec() : null;
        }
        const items = body.items as Record<string, Obj> | undefined;
        if (items?.['0']?.price) ((sub.items as { data: Obj[] }).data[0]!.price as Obj).id = items['0'].price;
        if (body.metadata) sub.metadata = body.metadata;
        return { status: 200, body: sub };
      }
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const subscriptionOf = (i: Obj) => ((i.parent as Obj | undefined)?.subscription_details as Obj | undefined)?.subscription;
      const data = [...invoices.values()].filter(
        (i) => (!body.subscription || subscriptionOf(i) === body.subscription) && (!body.status || i.status === body.status),
      );
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/invoices' } };
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/invoices\/([\w]+)$/))) {
      const inv = invoices.get(m[1]!);
      return inv ? { status: 200, body: inv } : notFound();
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const paid = [...invoices.values()].find((i) => i.payment_intent === body.payment_intent);
      if (!paid) return notFound();
      const refund = {
        id: newId('re'),
        object: 'refund',
        payment_intent: body.payment_intent,
        amount: body.amount ? Number(body.amount) : paid.amount_paid,
        status: 'succeeded',
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return {
        status: 200,
        body: {
          id: newId('bps'),
          object: 'billing_portal.session',
          url: `https://billing.stripe.test/p/session/${body.customer}`,
          return_url: body.return_url,
        },
      };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const raw = await readBody(req);
    const body = parseForm(req.method === 'GET' ? url.search.slice(1) : raw);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, body });
    const out =
      req.headers.authorization === `Bearer ${secretKey}`
        ? handle(req.method ?? 'GET', url.pathname, body)
        : { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    res.writeHead(out.status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(out.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    requests,
    sessions,
    subscriptions,
    invoices,
    refunds,
    complete(sessionId) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`no session ${sessionId}`);
      s.status = 'complete';
      s.payment_status = 'paid';
      if (s.mode === 'payment') {
        s.payment_intent = newId('pi');
        return { session: s };
      }
      const start = nowSec();
      const end = start + (s._interval === 'year' ? 365 : 30) * 86400;
      const sub: Obj = {
        id: newId('sub'),
        object: 'subscription',
        customer: s.customer,
        status: 'active',
        metadata: s.metadata,
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        created: start,
        default_payment_method: { id: 'pm_x', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } },
        items: {
          object: 'list',
          data: [
            {
              id: newId('si'),
              price: { id: s._price, recurring: { interval: s._interval } },
              current_period_start: start,
              current_period_end: end,
            },
          ],
        },
      };
      subscriptions.set(sub.id as string, sub);
      const invoice: Obj = {
        id: newId('in'),
        object: 'invoice',
        number: `TEST-${randomBytes(3).toString('hex').toUpperCase()}`,
        customer: s.customer,
        status: 'paid',
        billing_reason: 'subscription_create',
        payment_intent: newId('pi'),
        amount_paid: s.amount_total,
        total: s.amount_total,
        currency: s.currency,
        created: start,
        hosted_invoice_url: 'https://invoice.stripe.test/i/1',
        parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: s.metadata } },
        lines: { object: 'list', data: [{ description: 'Membership', period: { start, end } }] },
      };
      invoices.set(invoice.id as string, invoice);
      s.subscription = sub.id;
      s.invoice = invoice.id;
      return { session: s, subscription: sub, invoice };
    },
    event(type, object, opts = {}) {
      const id = opts.id ?? newId('evt');
      const payload = JSON.stringify({ id, object: 'event', type, api_version: '2026-10-28', created: nowSec(), data: { object } });
      const signature = signer.webhooks.generateTestHeaderString({
        payload,
        secret: opts.secret ?? webhookSecret,
        timestamp: opts.timestamp ?? nowSec(),
      });
      return { payload, signature, id };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

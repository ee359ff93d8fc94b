// Plans, coin packs and coin costs as data. The defaults below are the product's; BILLING_CATALOG_FILE (JSON with
// any of `plans`, `packs`, `costs`, `currency`) replaces parts of them without code changes. Tier ids are fixed.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { BillingPeriod, CoinCosts, PaidTier, Permissions, Tier } from '@reverie/shared';

export interface PlanDef {
  id: Tier;
  name: string;
  description: string;
  /** Cents; null for free. Yearly is billed once a year. */
  prices: { monthly: number; yearly: number } | null;
  permissions: Permissions;
  features: string[];
  highlighted: boolean;
}

export interface PackDef {
  id: string;
  name: string;
  coins: number;
  bonusCoins: number;
  priceCents: number;
}

/**
 * Voice (#42): coins per use beyond each tier's daily free uses. A spoken reply is one use however many sentences; a
 * call is one use per minute begun (its replies are chat messages, priced as such).
 */
export interface VoicePricing {
  costs: { speech: number; transcription: number; call: number };
  dailyFree: Record<Tier, { speech: number; transcription: number; call: number }>;
}

export interface Catalog {
  currency: string;
  plans: PlanDef[];
  packs: PackDef[];
  costs: CoinCosts;
  voice: VoicePricing;
}

export const DEFAULT_CATALOG: Catalog = {
  currency: 'usd',
  costs: { chatMessage: 1, image: 5 },
  voice: {
    costs: { speech: 1, transcription: 1, call: 2 },
    dailyFree: {
      free: { speech: 20, transcription: 20, call: 10 },
      premium: { speech: 300, transcription: 300, call: 120 },
      ultimate: { speech: 2000, transcription: 2000, call: 600 },
    },
  },
  plans: [
    {
      id: 'free',
      name: 'Free',
      description: 'Chat and create with the basics.',
      prices: null,
      permissions: {
        premiumCharacters: false,
        maxReplyTokens: 400,
        memoryMessages: 20,
        imageQueue: 'standard',
        maxConversationsInFlight: 1,
        dailyFreeMessages: 50,
        monthlyFreeImages: 5,
        monthlyCoins: 0,
        firstMessagesPerDay: 1,
      },
      features: ['50 free messages a day', '5 free images a month', 'Standard replies and memory'],
      highlighted: false,
    },
    {
      id: 'premium',
      name: 'Premium',
      description: 'Premium characters, longer replies and monthly coins.',
      prices: { monthly: 999, yearly: 9590 },
      permissions: {
        premiumCharacters: true,
        maxReplyTokens: 800,
        memoryMessages: 60,
        imageQueue: 'fast',
        maxConversationsInFlight: 3,
        dailyFreeMessages: 500,
        monthlyFreeImages: 50,
        monthlyCoins: 300,
        firstMessagesPerDay: 3,
      },
      features: [
        'Premium characters',
        '500 free messages a day',
        '50 free images a month',
        '300 coins every month',
        'Longer replies and memory',
        'Faster image queue',
        '3 chats replying at once',
      ],
      highlighted: true,
    },
    {
      id: 'ultimate',
      name: 'Ultimate',
      description: 'Everything, with the most coins and the longest memory.',
      prices: { monthly: 2499, yearly: 23990 },
      permissions: {
        premiumCharacters: true,
        maxReplyTokens: 1500,
        memoryMessages: 150,
        imageQueue: 'fast',
        maxConversationsInFlight: 10,
        dailyFreeMessages: 5000,
        monthlyFreeImages: 200,
        monthlyCoins: 1000,
        firstMessagesPerDay: 5,
      },
      features: [
        'Premium characters',
        '5,000 free messages a day',
        '200 free images a month',
        '1,000 coins every month',
        'Longest replies and memory',
        'Faster image queue',
        '10 chats replying at once',
      ],
      highlighted: false,
    },
  ],
  packs: [
    { id: 'pack_100', name: 'Handful', coins: 100, bonusCoins: 0, priceCents: 199 },
    { id: 'pack_500', name: 'Pouch', coins: 500, bonusCoins: 50, priceCents: 899 },
    { id: 'pack_1200', name: 'Chest', coins: 1200, bonusCoins: 200, priceCents: 1999 },
    { id: 'pack_2500', name: 'Vault', coins: 2500, bonusCoins: 600, priceCents: 3999 },
    { id: 'pack_6000', name: 'Hoard', coins: 6000, bonusCoins: 2000, priceCents: 8999 },
  ],
};

const Cents = z.number().int().min(50).max(1_000_000);
const PermissionsSchema = z.object({
  premiumCharacters: z.boolean(),
  maxReplyTokens: z.number().int().min(1),
  memoryMessages: z.number().int().min(0),
  imageQueue: z.enum(['standard', 'fast']),
  maxConversationsInFlight: z.number().int().min(1),
  dailyFreeMessages: z.number().int().min(0),
  monthlyFreeImages: z.number().int().min(0),
  monthlyCoins: z.number().int().min(0),
  // Characters that write first (docs/notifications.md); a catalogue file from before it gets one a day.
  firstMessagesPerDay: z.number().int().min(0).max(50).default(1),
});
const CatalogFile = z.object({
  currency: z
    .string()
    .regex(/^[a-z]{3}$/)
    .optional(),
  costs: z.object({ chatMessage: z.number().int().min(0), image: z.number().int().min(0) }).optional(),
  voice: z
    .object({
      // A file written before calls may leave `call` out: the built-in price and minutes hold for it.
      costs: z.object({
        speech: z.number().int().min(0),
        transcription: z.number().int().min(0),
        call: z.number().int().min(0).optional(),
      }),
      dailyFree: z.record(
        z.enum(['free', 'premium', 'ultimate']),
        z.object({ speech: z.number().int().min(0), transcription: z.number().int().min(0), call: z.number().int().min(0).optional() }),
      ),
    })
    .optional(),
  plans: z
    .array(
      z.object({
        id: z.enum(['free', 'premium', 'ultimate']),
        name: z.string().min(1).max(40),
        description: z.string().max(200),
        prices: z.object({ monthly: Cents, yearly: Cents }).nullable(),
        permissions: PermissionsSchema,
        features: z.array(z.string().max(80)).max(20),
        highlighted: z.boolean().default(false),
      }),
    )
    .optional(),
  packs: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9_]{1,40}$/),
        name: z.string().min(1).max(40),
        coins: z.number().int().min(1),
        bonusCoins: z.number().int().min(0),
        priceCents: Cents,
      }),
    )
    .min(1)
    .optional(),
});

export function loadCatalog(file: string | undefined): Catalog {
  if (!file) return DEFAULT_CATALOG;
  const parsed = CatalogFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid BILLING_CATALOG_FILE: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const c = { ...DEFAULT_CATALOG, ...parsed.data, voice: withCallPrices(parsed.data.voice) } as Catalog;
  const ids = c.plans.map((p) => p.id);
  if (!ids.includes('free') || !ids.includes('premium') || !ids.includes('ultimate') || ids.length !== 3) {
    throw new Error('Invalid BILLING_CATALOG_FILE: plans must be exactly free, premium and ultimate');
  }
  for (const p of c.plans) {
    if ((p.id === 'free') !== (p.prices === null)) throw new Error(`Invalid BILLING_CATALOG_FILE: only free has no prices (${p.id})`);
  }
  return c;
}

/** A file's voice prices, with the built-in call price and minutes where it leaves them out. */
function withCallPrices(voice: z.output<typeof CatalogFile>['voice']): VoicePricing {
  if (!voice) return DEFAULT_CATALOG.voice;
  const base = DEFAULT_CATALOG.voice;
  const tiers = ['free', 'premium', 'ultimate'] as const;
  return {
    costs: { ...voice.costs, call: voice.costs.call ?? base.costs.call },
    dailyFree: Object.fromEntries(
      tiers.map((t) => {
        const own = voice.dailyFree[t] ?? base.dailyFree[t];
        return [t, { ...own, call: own.call ?? base.dailyFree[t].call }];
      }),
    ) as VoicePricing['dailyFree'],
  };
}

const TIER_RANK: Record<Tier, number> = { free: 0, premium: 1, ultimate: 2 };
export const tierRank = (t: Tier): number => TIER_RANK[t];

/** Lookups over one catalog. */
export class Plans {
  constructor(readonly catalog: Catalog) {}

  plan(id: Tier): PlanDef {
    const p = this.catalog.plans.find((x) => x.id === id);
    if (!p) throw new Error(`unknown plan ${id}`);
    return p;
  }

  price(id: PaidTier, period: BillingPeriod): number {
    const p = this.plan(id).prices;
    if (!p) throw new Error(`plan ${id} has no price`);
    return p[period];
  }

  pack(id: string): PackDef | undefined {
    return this.catalog.packs.find((p) => p.id === id);
  }

  /** The lowest tier whose permissions satisfy the test (for "upgrade to X" messages). */
  lowestTierWith(test: (p: Permissions) => boolean): Tier | undefined {
    return [...this.catalog.plans].sort((a, b) => tierRank(a.id) - tierRank(b.id)).find((p) => test(p.permissions))?.id;
  }
}

import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { speechSettings } from '../../db/schema/index.ts';

export type SpeechSettingsRow = typeof speechSettings.$inferSelect;
export type SpeechSettingsPatch = Partial<Pick<SpeechSettingsRow, 'autoPlay' | 'dialogueOnly' | 'skipActions'>>;

/** Users' speech settings (the voice module's own table). */
export class SpeechSettingsRepo {
  constructor(private readonly db: DbOrTx) {}

  async get(userId: string): Promise<SpeechSettingsRow | undefined> {
    const [row] = await this.db.select().from(speechSettings).where(eq(speechSettings.userId, userId)).limit(1);
    return row;
  }

  /** Writes the given fields; `voice` sets (or, with null, removes) one character's override in the same statement. */
  async upsert(
    userId: string,
    patch: SpeechSettingsPatch,
    voice?: { characterId: string; voiceId: string | null },
  ): Promise<SpeechSettingsRow> {
    const voices =
      voice === undefined
        ? undefined
        : voice.voiceId === null
          ? sql`${speechSettings.voices} - ${voice.characterId}::text`
          : sql`${speechSettings.voices} || jsonb_build_object(${voice.characterId}::text, ${voice.voiceId}::text)`;
    const initialVoices = voice?.voiceId ? { [voice.characterId]: voice.voiceId } : {};
    const [row] = await this.db
      .insert(speechSettings)
      .values({ userId, ...patch, voices: initialVoices })
      .onConflictDoUpdate({
        target: speechSettings.userId,
        set: { ...patch, ...(voices ? { voices } : {}), updatedAt: new Date() },
      })
      .returning();
    return row!;
  }
}

import type { LucideIcon } from 'lucide-react';
import { BookOpen, Building2, Dna, Drama, Earth, Globe, HeartHandshake, ShieldAlert, Sparkles, Tag, WandSparkles } from 'lucide-react';

// Icons from the app's icon set instead of the categories' emoji, which render as empty boxes on systems
// without an emoji font.
const ICONS: Record<string, LucideIcon> = {
  'Character Type': Dna,
  Genre: BookOpen,
  Personality: Drama,
  Appearance: Sparkles,
  Origin: Globe,
  Sexuality: HeartHandshake,
  Fantasy: WandSparkles,
  'Content Rating': ShieldAlert,
  Ethnicity: Earth,
  Scenario: Building2,
};

export function categoryIcon(category: string): LucideIcon {
  return ICONS[category] ?? Tag;
}

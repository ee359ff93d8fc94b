import type { LucideIcon } from 'lucide-react';
import {
  BookOpen,
  Coins,
  Crown,
  Heart,
  ImagePlus,
  Images,
  LayoutGrid,
  MessageCircle,
  Sparkles,
  User,
  Users,
  WandSparkles,
} from 'lucide-react';

export interface SidebarLink {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** SPEC §2 sidebar, in order; `null` is the divider. */
export function sidebarItems(currentUserId: string | null): Array<SidebarLink | null> {
  return [
    { label: 'For You', to: '/', icon: Sparkles },
    { label: 'Profile', to: currentUserId ? `/user-profile/${currentUserId}` : '/user-profile', icon: User },
    { label: 'Chat', to: '/chat', icon: MessageCircle },
    { label: 'Characters', to: '/user-characters', icon: Users },
    { label: 'Gallery', to: '/showcase', icon: LayoutGrid },
    { label: 'User Gallery', to: '/user-gallery', icon: Images },
    { label: 'Favorites', to: '/favorites', icon: Heart },
    { label: 'Guides', to: '/guides', icon: BookOpen },
    { label: 'Coins', to: '/coins', icon: Coins },
    { label: 'Membership', to: '/subscribe', icon: Crown },
    null,
    { label: 'Create a Model', to: '/create-character', icon: WandSparkles },
    { label: 'Generate images', to: '/generate-images', icon: ImagePlus },
  ];
}

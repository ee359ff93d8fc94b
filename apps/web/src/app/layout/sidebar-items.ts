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
  /** Other routes that show the same page (product.md §2 aliases); the item is highlighted there too. */
  aliases?: readonly string[];
}

/** Whether a nav item with this target (and aliases) is the current page; "/" only matches exactly. */
export function isNavItemActive(pathname: string, item: Pick<SidebarLink, 'to' | 'aliases'>): boolean {
  const matches = (target: string) => (target === '/' ? pathname === '/' : pathname === target || pathname.startsWith(`${target}/`));
  return matches(item.to) || (item.aliases ?? []).some(matches);
}

/** product.md §2 sidebar, in order; `null` is the divider. */
export function sidebarItems(currentUserId: string | null): Array<SidebarLink | null> {
  return [
    { label: 'For You', to: '/', icon: Sparkles, aliases: ['/ForYouPage'] },
    { label: 'Profile', to: currentUserId ? `/user-profile/${currentUserId}` : '/user-profile', icon: User },
    { label: 'Chat', to: '/chat', icon: MessageCircle, aliases: ['/recent-chats', '/test-chat'] },
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

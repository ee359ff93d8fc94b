import {
  BadgeCheck,
  Coins,
  Crown,
  FileArchive,
  Flag,
  Heart,
  ImageIcon,
  MessageCircleHeart,
  MessageSquareText,
  LifeBuoy,
  ShieldAlert,
  Sparkles,
  UserPlus,
} from 'lucide-react';
import type { NotificationKind } from '@reverie/shared';
import { cn } from '@/lib/utils';

const ICONS: Record<NotificationKind, typeof Heart> = {
  follower: UserPlus,
  likes: Heart,
  new_character: Sparkles,
  ticket_reply: LifeBuoy,
  payment: Coins,
  membership: Crown,
  monthly_coins: Coins,
  image_ready: ImageIcon,
  moderation: ShieldAlert,
  report_update: Flag,
  account_export: FileArchive,
  character_message: MessageCircleHeart,
  reply_ready: MessageSquareText,
};

const TONES: Partial<Record<NotificationKind, string>> = {
  likes: 'text-primary bg-primary/15 ring-primary/30',
  payment: 'text-coin bg-coin/10 ring-coin/30',
  monthly_coins: 'text-coin bg-coin/10 ring-coin/30',
  membership: 'text-coin bg-coin/10 ring-coin/30',
  moderation: 'text-danger bg-danger-strong/15 ring-danger/30',
  ticket_reply: 'text-success bg-success/10 ring-success/30',
};

/** The kind's icon in a tinted circle, or the notification's picture when it has one. */
export function NotificationIcon({ kind, imageUrl }: { kind: NotificationKind; imageUrl: string | null }) {
  if (imageUrl) {
    return (
      <span className="relative size-10 shrink-0">
        <img src={imageUrl} alt="" className="size-10 rounded-full object-cover ring-1 ring-border-strong" referrerPolicy="no-referrer" />
        <span
          className={cn(
            'absolute -right-1 -bottom-1 inline-flex size-5 items-center justify-center rounded-full ring-2 ring-surface-raised',
            TONES[kind] ?? 'bg-accent/20 text-accent',
          )}
        >
          {(() => {
            const Icon = ICONS[kind] ?? BadgeCheck;
            return <Icon className="size-3" aria-hidden="true" />;
          })()}
        </span>
      </span>
    );
  }
  const Icon = ICONS[kind] ?? BadgeCheck;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-full ring-1',
        TONES[kind] ?? 'bg-accent/15 text-accent ring-accent/30',
      )}
    >
      <Icon className="size-5" />
    </span>
  );
}

import { plainLine } from '@reverie/shared';

/**
 * A message as a list shows it on a line or two (the chats list, a conversation's history): its words without
 * *action* asterisks or other markdown, which the conversation renders but a preview would print as they are. A
 * message with no words left (only code, say) is shown as written.
 */
export function messagePreview(content: string): string {
  return plainLine(content) || content.trim();
}

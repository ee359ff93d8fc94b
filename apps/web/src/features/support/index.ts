// The support feature's entry: what other features and the pages use of it (eslint.config.js zones; #40).
export { useTicket } from './api/get-ticket';
export { ContentRemovalForm } from './components/content-removal-form';
export { NewTicketForm } from './components/new-ticket-form';
export { SupportCard } from './components/support-card';
export { TicketList } from './components/ticket-list';
export { TicketMessages } from './components/ticket-messages';
export { TicketStatusBadge } from './components/ticket-status-badge';
export { TicketThread } from './components/ticket-thread';
export { CATEGORY_LABELS } from './lib/labels';

// The admin feature's entry: what other features and the pages use of it (eslint.config.js zones; #40).
export { useAudit } from './api/get-audit';
export { useQueue } from './api/get-queue';
export { useQueueItem } from './api/get-queue-item';
export { useAdminUser } from './api/get-user';
export { useUsers } from './api/get-users';
export { AccountActions } from './components/account-actions';
export { AccountCard } from './components/account-card';
export { Initials, KindBadge, PriorityBadge, QueueStatusBadge } from './components/admin-badges';
export { AdminError, AdminLoading } from './components/admin-states';
export { AuditList } from './components/audit-list';
export { Panel } from './components/fact-list';
export { ItemActions } from './components/item-actions';
export { ItemFacts } from './components/item-facts';
export { Pager } from './components/pager';
export { QueueFilters, type QueueFilterValue, type StatusFilter } from './components/queue-filters';
export { QueueList, QueueRow } from './components/queue-list';
export { StaffTicket } from './components/staff-ticket';
export { SubjectContext } from './components/subject-context';

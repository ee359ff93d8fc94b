// The account feature's entry: what other features and the pages use of it (eslint.config.js zones; #40).
export { useRestoreAccount } from './api/deletion';
export { DataExportCard } from './components/data-export-card';
export { DeleteAccountCard } from './components/delete-account-card';

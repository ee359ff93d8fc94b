// The transfer feature's entry: what other features and the pages use of it (eslint.config.js zones; #40).
export { ChatTransferMenu, type ExtraMenuItem } from './components/chat-transfer-menu';
export { ExportEverythingButton } from './components/export-everything-button';

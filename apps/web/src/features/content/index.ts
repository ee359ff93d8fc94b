// The content feature's entry: what other features and the pages use of it (eslint.config.js zones; #40).
export { FeaturesOverview } from './components/features-overview';
export { GuideArticle } from './components/guide-article';
export { GuidesList } from './components/guides-list';
export { LegalDocumentView } from './components/legal-document';
export { LegalIndex } from './components/legal-index';
export { ServerDiagnostics } from './components/server-diagnostics';
export { SessionInspector } from './components/session-inspector';
export { LEGAL_PAGES } from './legal-pages';

// The moderation feature's entry: what other features and the pages use of it (eslint.config.js zones; #40).
export { BlockedProblems, fieldLabelOf, problemsOf, ruleLabel } from './components/blocked-problems';
export { ModerationHiddenNotice } from './components/moderation-hidden-notice';
export { ReportDialog } from './components/report-dialog';
export { ReportMenu } from './components/report-menu';

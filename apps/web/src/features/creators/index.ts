// The creators feature's entry: what other features and the pages use of it (eslint.config.js zones; #40).
export { useFollowsInfinite } from './api/get-follows';
export { useTopCreators } from './api/get-top-creators';
export { CreatorCard, CreatorCardSkeleton } from './components/creator-card';
export { FollowButton } from './components/follow-button';

// The tags feature's entry: what other features and the pages use of it (eslint.config.js zones; #40).
export { useTags } from './api/get-tags';
export { TagIcon } from './components/tag-icon';
export { TagLoadNotice } from './components/tag-load-notice';
export { TagPicker } from './components/tag-picker';
export { categoryIcon } from './lib/category-icons';
export { groupTags, missingTagsLabel, resolveTagOptions, toggleTag } from './lib/tag-options';

// The images feature's entry: what other features and the pages use of it (eslint.config.js zones; #40).
export { useGenerationStatus } from './api/get-generation-status';
export { useImagesInfinite, useShowcaseInfinite } from './api/get-images';
export { requestChatPicture } from './api/request-chat-picture';
export { BackendNotice } from './components/backend-notice';
export { ChatPicture } from './components/chat-picture';
export { GenerateForm } from './components/generate-form';
export { InfiniteGallery, MasonryGrid } from './components/image-gallery';
export { JobPanel } from './components/job-panel';
export { TinyImageTest } from './components/tiny-image-test';
export { useColumnCount } from './lib/masonry';

// The personas feature's entry: what other features and the pages use of it (eslint.config.js zones; #40).
export { useDefaultPersonaName } from './api/get-personas';
export { PersonaPicker, useChatUser } from './components/persona-picker';
export { PersonasCard } from './components/personas-card';

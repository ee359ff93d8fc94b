// The voice feature's entry (#42): Listen under replies, auto-play, the microphone in the composer (held, or hands-free), calls, the voice picker
// and the speech settings. Other features and pages import it from here only.
export { useVoiceStatus } from './api/get-voice-status';
export type { SpeechSource } from './api/speak';
export { useUpdateSpeechSettings } from './api/update-speech-settings';
export { CallButton, callPrice } from './components/call-button';
export { CharacterVoiceDialog } from './components/character-voice-dialog';
export { HandsFreeButton } from './components/hands-free-button';
export { ListenButton, listenPrice } from './components/listen-button';
export { MicButton, micPrice } from './components/mic-button';
export { SpeechSettingsCard } from './components/speech-settings-card';
export { AutoPlay, useAutoPlay } from './components/use-auto-play';
export { VoicePicker } from './components/voice-picker';
export { stopSpeech } from './lib/speech-player';

// The calls feature's public face: the call store (the signed-in session starts it, so calls ring
// wherever the user is), the incoming-call overlay, the call page, the ways to start a call and
// the call record's words.
// The WebRTC engine is not here: the call store imports it on demand when a call starts.
export { IncomingCallOverlay } from './components/call-overlay-host';
export { recordOf, recordText } from './utils/call-texts';
export { callsEnabled, startCall, useCallsEnabled } from './utils/start-call';
// Only the lazy call route imports it, so it stays in that route's chunk.
export { CallScreen } from './components/call-screen';
export type { CallPeer } from './state/call-machine';
export { callStore } from './state/call-store';

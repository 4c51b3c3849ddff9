import { defineEnum, type EnumValue } from '../enum.ts';
import { FRAME_TYPE_CODES } from './frame-type-codes.ts';

// Apart from the frame schemas (frames.ts): sagas that run before login compare frame types, and the login
// page's first load must not carry the schemas.

/**
 * Frame types. 1-3 are the spec's (§6); 10 and up are ours. Each is declared in frame-registry.ts (direction,
 * data, receiver); server→client types the socket saga does not handle itself are dispatched as
 * `realtime/frameReceived` for their receiver (spec: "anything else is passed on"). Label keys:
 * `enums.realtime_frame_type.<member>`.
 */
export const FrameType = defineEnum('realtime_frame_type', FRAME_TYPE_CODES);
export type FrameTypeCode = EnumValue<typeof FrameType>;

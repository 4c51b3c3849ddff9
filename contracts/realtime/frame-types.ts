import { defineEnum, type EnumValue } from '../enum.ts';
import { FRAME_TYPE_CODES } from './frame-type-codes.ts';

// Apart from the frame schemas (frames.ts): sagas that run before login compare frame types, and the login
// page's first load must not carry the schemas.

/**
 * Frame types. 1-3 are the spec's (§6); 10 and up are ours. Server→client types the console does not know
 * are dispatched as actions for screens (spec: "anything else is passed on"), so MESSAGE and REPLY reach the
 * console that way too. Label keys: `enums.realtime_frame_type.<member>`.
 */
export const FrameType = defineEnum('realtime_frame_type', FRAME_TYPE_CODES);
export type FrameTypeCode = EnumValue<typeof FrameType>;

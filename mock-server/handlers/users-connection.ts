import { CloseCode, CloseReason, FrameType } from '../../contracts/index.ts';
import { defineHandlers } from '../http/handler.ts';
import { liveUser } from '../users/guards.ts';

/** A user's open consoles, from the user list: reload them (frame type 2), or close them for good (type 3, then 3001). */
export const connectionHandlers = defineHandlers({
  'user/force_refresh': ({ body, services }) => ({
    pushed: services.realtime.push(liveUser(services, body.id).id, FrameType.values.reload),
  }),

  'user/disconnect': ({ body, services }) => {
    const id = liveUser(services, body.id).id;
    // ws sends in order: the type-3 frame reaches the console before the 3001 close frame.
    services.realtime.push(id, FrameType.values.close);
    return {
      closed: services.realtime.closeUser(
        id,
        CloseCode.values.deliberate,
        CloseReason.disconnected,
      ),
    };
  },
});

import { defineHandlers } from '../http/handler.ts';
import { unauthorized } from '../http/errors.ts';
import { codeScope } from '../statistics/scope.ts';

/** access_real_time_statistics: the snapshot subscribes the caller's session to frame 21 (mock-server/statistics/live.ts). */
export const liveStatisticsHandlers = defineHandlers({
  'statistics/real_time': ({ body, services, me, tokenHash }) => {
    const user = me();
    if (!tokenHash) throw unauthorized();
    return services.live.snapshot(tokenHash, user.id, codeScope(services.db, user, body.user_id));
  },
  'statistics/real_time_unsubscribe': ({ services, me, tokenHash }) => {
    me();
    return { unsubscribed: tokenHash ? services.live.unsubscribe(tokenHash) : false };
  },
});

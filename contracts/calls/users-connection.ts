import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { id } from '../envelope.ts';

/** A user's open consoles, reached over the real-time socket from the user list (frame types 2 and 3). */
export const userForceRefresh = defineCall({
  path: 'user/force_refresh',
  summary:
    'Reload every open console of the user (real-time frame type 2). Answers how many sockets it reached.',
  access: permission('user_list', 'force_refresh'),
  target: { field: 'id', action: 'manage' },
  request: z.strictObject({ id }),
  response: z.object({ pushed: z.int().min(0) }),
});

export const userDisconnect = defineCall({
  path: 'user/disconnect',
  summary:
    'Close every open console of the user: frame type 3, then the server closes the sockets with 3001 (deliberate, ' +
    'no reconnect). Uses the force_refresh button permission of user_list.',
  access: permission('user_list', 'force_refresh'),
  target: { field: 'id', action: 'manage' },
  request: z.strictObject({ id }),
  response: z.object({ closed: z.int().min(0) }),
});

export const connectionCalls = [userForceRefresh, userDisconnect] as const;

import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import type { RealtimeSocket, SocketEvent } from '../../../io/effects/socket.ts';

/**
 * Every event of one socket as a channel (`yield call(createSocketChannel, socket)`). The subscriber returns
 * the socket's unsubscribe, so `channel.close()` in the saga's `finally` detaches the listeners. Expanding
 * buffer: frames that arrive while the saga awaits a decryption must queue, not be dropped.
 */
export function createSocketChannel(socket: RealtimeSocket): EventChannel<SocketEvent> {
  return eventChannel<SocketEvent>((emit) => socket.subscribe(emit), buffers.expanding<SocketEvent>(16));
}

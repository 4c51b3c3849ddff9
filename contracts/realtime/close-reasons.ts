/**
 * The reason text of every close the server sends: a plain English sentence (at most 123 bytes, RFC 6455),
 * never an i18n key or a validator's message. The console decides by the code alone; the reason is for logs
 * and for people writing their own client (docs/realtime-protocol.md).
 */
export const CloseReason = {
  textOnly: 'Only text frames are accepted.',
  undecryptable: 'The frame could not be decrypted with the session key.',
  invalid: 'The decrypted frame is not a valid client frame.',
  replayed: 'The frame seq is not greater than the last one accepted on this socket.',
  stale: 'The frame ts is more than 5 minutes away from the server clock.',
  loginReplayed: 'The LOGIN ts is not newer than the last accepted LOGIN of this session.',
  loginFirst: 'The first frame must be LOGIN.',
  noLogin: 'No LOGIN within 10 seconds of opening.',
  unknownSession: 'No live session has this sid.',
  wrongToken: 'The LOGIN token does not belong to this session.',
  sessionExpired: 'The session has expired or ended.',
  accountDisabled: 'The account is disabled.',
  otherToken: 'The frame carries a token of another session.',
  sessionEnded: 'The session has ended.',
  idle: 'No frame for 30 seconds.',
  tooManyFrames: 'Too many frames: at most 20 at once and 2 per second sustained.',
  originRefused: 'The Origin of the handshake is not allowed.',
  internal: 'Internal server error.',
  shuttingDown: 'The server is shutting down.',
  dropped: 'Dropped by the control API.',
  reset: 'The database was reset.',
  disconnected: 'Disconnected by an administrator.',
} as const;
export type CloseReasonText = (typeof CloseReason)[keyof typeof CloseReason];

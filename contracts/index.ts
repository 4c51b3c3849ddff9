// The one public entry point of contracts/ (client, mock-server and tests import from here).
export * from './access.ts';
export * from './call.ts';
export * from './enum.ts';
export * from './enums.ts';
export * from './envelope.ts';
export * from './i18n/messages.ts';
export * from './openapi.ts';
export * from './registry.ts';
export * from './validation.ts';
export * from './calls/auth.ts';
export * from './calls/system.ts';
export * from './calls/url-key-platform.ts';
export * from './routes.ts';
export * from './realtime/frames.ts';
export * from './realtime/codec.ts';
export * from './realtime/control.ts';

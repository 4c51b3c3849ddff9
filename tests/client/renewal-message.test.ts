import { describe, expect, it } from 'vitest';
import { ApiError } from '../../client/io/errors.ts';
import { keyMessage, needsRenewal } from '../../client/state/message.ts';
import { toUserMessage } from '../../client/state/sagas/call.ts';

/** A 402 (membership absent or past) is the one refusal the console answers with a way to renew. */
describe('renewal messages', () => {
  it('marks a 402 for the renewal link and keeps the server text', () => {
    const m = toUserMessage(new ApiError('domain/add', 402, 'Your membership expired on 2026-01-01 00:00:00: …'));
    expect(m).toEqual({ text: 'Your membership expired on 2026-01-01 00:00:00: …', renew: true });
    expect(needsRenewal(m)).toBe(true);
  });
  it('leaves every other refusal alone', () => {
    expect(needsRenewal(toUserMessage(new ApiError('domain/add', 403, 'You do not have permission for this operation')))).toBe(false);
    expect(needsRenewal(toUserMessage(new ApiError('domain/add', 409, 'already registered', 'answered', { field: 'domain' })))).toBe(false);
    expect(needsRenewal(keyMessage('errors.resource_error'))).toBe(false);
    expect(needsRenewal(undefined)).toBe(false);
  });
});

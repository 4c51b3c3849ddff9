/**
 * Handlers and the HTTP layer name their refusals from here; the errors themselves live on the ground floor
 * (services/errors.ts, no Express), where the engine, jobs, ledger and the other leaves import them.
 */
export { ApiError, badRequest, conflict, forbidden, notFound, tooMany, unauthorized } from '../services/errors.ts';
